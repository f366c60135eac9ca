import { Alerts, ErrorText } from '@portico/core/spec'
import type { Queryable } from '../db/database.js'
import { hmac, randomDigits, randomId, safeEqual, sha256 } from './crypto.js'
import { AuthError, type Auth } from './state.js'

export type OtpPurpose = 'login' | 'update-primary' | 'update-secondary'

const EMAIL_RE = /^[^\s@"<>()\[\],;:\\]+@[^\s@"<>()\[\],;:\\]+\.[^\s@"<>()\[\],;:\\]{2,}$/

/** SPEC §5: a bad email gives 'Invalid Email Address'. */
export function normalizeEmail(input: unknown): string {
  const email = typeof input === 'string' ? input.trim().toLowerCase() : ''
  if (email.length > 254 || !EMAIL_RE.test(email)) throw new AuthError(400, Alerts.APKTW002.message)
  return email
}

/** Advisory-lock namespaces (PostgreSQL): one lock per email, one per client IP. */
const LOCK_EMAIL = 7_420_101
const LOCK_IP = 7_420_102

/**
 * Reserves one mail a user can trigger, or refuses it (429): 1 per cooldown (30 s) and 5 per hour
 * per email, and a cap per IP. The check and the count are one atomic step, so parallel requests
 * cannot all pass a check before any of them is counted: in Redis (REDIS_URL) a SET NX claim for
 * the cooldown and INCR counters; otherwise one transaction that holds a lock on the email and
 * the IP (PostgreSQL advisory locks; PGlite runs transactions one at a time). The same limits
 * and answers apply whether or not the email has an account.
 */
export async function reserveSend(auth: Auth, email: string, ip: string, kind: string) {
  const { settings, ctx } = auth
  if (ctx.rateLimiter.shared) {
    try {
      await reserveInStore(auth, email, ip)
    } catch (error) {
      if (error instanceof AuthError) throw error
      ctx.log('mail limits: the shared store failed; counting in the database', error)
      return reserveInDatabase(auth, email, ip, kind)
    }
    await ctx.db.query('insert into auth_mail_sends (email, kind, ip, created_at) values ($1, $2, $3, $4)', [email, kind, ip, new Date(settings.now())])
    return
  }
  return reserveInDatabase(auth, email, ip, kind)
}

const tooManyForEmail = () => new AuthError(429, 'Too many codes were requested for this email. Please try again in an hour')
const tooManyForIp = () => new AuthError(429, 'Too many requests from this network. Please try again later')
const cooldown = (ms: number) => new AuthError(429, ErrorText.emailCooldown(Math.ceil(ms / 1000)))

async function reserveInStore(auth: Auth, email: string, ip: string) {
  const { settings, ctx } = auth
  const limiter = ctx.rateLimiter
  const who = sha256(email) // no addresses in the shared store's keys
  if (!(await limiter.hit(`mail-ip:${ip}`, settings.sendsPerHourPerIp, 3600_000, { strict: true }))) throw tooManyForIp()
  if (settings.sendCooldownMs > 0) {
    const wait = await limiter.claim(`mail-cooldown:${who}`, settings.sendCooldownMs)
    if (wait > 0) throw cooldown(wait)
  }
  if (!(await limiter.hit(`mail-email:${who}`, settings.sendsPerHourPerEmail, 3600_000, { strict: true }))) throw tooManyForEmail()
}

async function reserveInDatabase(auth: Auth, email: string, ip: string, kind: string) {
  const { settings, ctx } = auth
  const now = settings.now()
  const hourAgo = new Date(now - 3600_000)
  await ctx.db.transaction(async (tx) => {
    if (ctx.db.kind === 'postgres') {
      // Email first, then IP, in every transaction: no two can wait on each other.
      await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [LOCK_EMAIL, email])
      await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [LOCK_IP, ip])
    }
    const [byEmail] = await tx.query<{ count: string | number; last: Date | string | null }>(
      'select count(*) as count, max(created_at) as last from auth_mail_sends where email = $1 and created_at > $2',
      [email, hourAgo],
    )
    const last = byEmail?.last ? new Date(byEmail.last).getTime() : undefined
    if (last !== undefined && now - last < settings.sendCooldownMs) throw cooldown(settings.sendCooldownMs - (now - last))
    if (Number(byEmail?.count ?? 0) >= settings.sendsPerHourPerEmail) throw tooManyForEmail()
    const [byIp] = await tx.query<{ count: string | number }>('select count(*) as count from auth_mail_sends where ip = $1 and created_at > $2', [ip, hourAgo])
    if (Number(byIp?.count ?? 0) >= settings.sendsPerHourPerIp) throw tooManyForIp()
    await tx.query('insert into auth_mail_sends (email, kind, ip, created_at) values ($1, $2, $3, $4)', [email, kind, ip, new Date(now)])
  })
}

function codeMac(auth: Auth, challengeId: string, code: string) {
  return hmac(auth.secrets.otpKey, `${challengeId}:${code}`)
}

/** Creates a challenge (only the code's HMAC is stored) and mails the code. */
export async function issueOtp(
  auth: Auth,
  opts: { purpose: OtpPurpose; projectId: string; email: string; userId?: string | null; deviceId: string },
): Promise<string> {
  const id = randomId()
  const code = randomDigits(auth.settings.otpDigits)
  const now = auth.settings.now()
  await auth.ctx.db.query(
    `insert into auth_otp_challenges (id, purpose, project_id, email, user_id, device_id, code_hmac, expires_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      opts.purpose,
      opts.projectId,
      opts.email,
      opts.userId ?? null,
      opts.deviceId,
      codeMac(auth, id, code),
      new Date(now + auth.settings.otpTtlMs),
      new Date(now),
    ],
  )
  const minutes = Math.round(auth.settings.otpTtlMs / 60_000)
  const what =
    opts.purpose === 'login' ? 'sign in to your wallet' : opts.purpose === 'update-primary' ? 'confirm the change of your email' : 'confirm your new email'
  await auth.mailer.send({
    to: opts.email,
    subject: `${code} is your Portico code`,
    text: `Your code to ${what} is ${code}.\n\nIt expires in ${minutes} minutes and works once. If you did not ask for it, ignore this mail.`,
  })
  return id
}

export interface VerifiedChallenge {
  id: string
  email: string
  userId: string | null
  deviceId: string
  projectId: string
}

/**
 * Checks a code: each try counts (at most otpMaxAttempts, the next is refused), the compare is
 * constant-time on HMACs, and a code works once and only until it expires.
 */
export async function verifyOtp(
  auth: Auth,
  opts: { challengeId: string; code: string; purpose: OtpPurpose; deviceId: string },
  db: Queryable = auth.ctx.db,
): Promise<VerifiedChallenge> {
  const now = new Date(auth.settings.now())
  const [row] = await db.query<{
    id: string
    purpose: string
    email: string
    user_id: string | null
    device_id: string
    project_id: string
    code_hmac: string
    attempts: number
    expires_at: Date | string
    consumed_at: Date | string | null
  }>(
    `update auth_otp_challenges set attempts = attempts + 1
     where id = $1 and purpose = $2 and device_id = $3 and consumed_at is null and attempts < $4
     returning id, purpose, email, user_id, device_id, project_id, code_hmac, attempts, expires_at, consumed_at`,
    [opts.challengeId, opts.purpose, opts.deviceId, auth.settings.otpMaxAttempts],
  )
  if (!row) {
    const [known] = await db.query<{ consumed_at: unknown; attempts: number }>(
      'select consumed_at, attempts from auth_otp_challenges where id = $1 and purpose = $2 and device_id = $3',
      [opts.challengeId, opts.purpose, opts.deviceId],
    )
    if (!known) throw new AuthError(400, 'Invalid code')
    if (known.consumed_at) throw new AuthError(400, 'This code was already used. Request a new code')
    throw new AuthError(429, 'Too many attempts. Request a new code')
  }
  if (new Date(row.expires_at).getTime() <= now.getTime()) throw new AuthError(400, 'This code has expired. Request a new code')
  if (!safeEqual(codeMac(auth, row.id, opts.code), row.code_hmac)) throw new AuthError(400, 'Invalid code')
  const consumed = await db.query('update auth_otp_challenges set consumed_at = $2 where id = $1 and consumed_at is null returning id', [row.id, now])
  if (!consumed.length) throw new AuthError(400, 'This code was already used. Request a new code')
  return { id: row.id, email: row.email, userId: row.user_id, deviceId: row.device_id, projectId: row.project_id }
}
