import { randomId, randomToken, sha256 } from './crypto.js'
import type { DeviceProof } from './dpop.js'
import { sendNotice } from './notices.js'
import { authEvent } from './events.js'
import { describeRequest, detailLines, newMatchCode } from './requestInfo.js'
import { issueOtp, normalizeEmail, reserveSend, verifyOtp } from './otp.js'
import { createSession, type LoginOrigin, type Session, type Tokens } from './sessions.js'
import { AuthError, type Auth } from './state.js'
import { userByEmail, userById, userForIdentity } from './users.js'

export type EmailLoginStart = { action: 'VERIFY_OTP'; challengeId: string }
export type EmailLoginVerified = Tokens | { action: 'VERIFY_DEVICE'; approvalId: string; matchCode: string }

/**
 * CONNECT_EMAIL: mails a login code (VERIFY_OTP). The answer, the mail limits and the mail are the
 * same whether or not the email has an account, so the start tells nobody whether a wallet exists;
 * a known wallet on a new device learns it needs approval only after the code proved the mailbox
 * (verifyEmailLogin).
 */
export async function startEmailLogin(auth: Auth, opts: { projectId: string; email: unknown; deviceId: string; ip: string }): Promise<EmailLoginStart> {
  const email = normalizeEmail(opts.email)
  // Counted before the account is looked up: the limits answer the same whether or not it exists.
  await reserveSend(auth, email, opts.ip, 'login')
  const user = await userByEmail(auth.ctx.db, email)
  const challengeId = await issueOtp(auth, { purpose: 'login', projectId: opts.projectId, email, userId: user?.id, deviceId: opts.deviceId })
  authEvent(auth.ctx, 'code_sent', { purpose: 'login', projectId: opts.projectId, email })
  return { action: 'VERIFY_OTP', challengeId }
}

/**
 * CONNECT_OTP: a verified code signs the device key in (creating the account for a new email).
 * A known wallet on a device without its share needs more (VERIFY_DEVICE): an approval link is
 * mailed that names the site, device, browser, place and time of the request and a short code
 * the requesting modal shows too; the session follows once it was used (deviceApprovalStatus),
 * and that session may fetch the recovery material once, within minutes (wallet.ts).
 */
export async function verifyEmailLogin(
  auth: Auth,
  opts: { challengeId: string; otp: string; device: DeviceProof; projectId: string; origin?: LoginOrigin; apiUrl: string },
): Promise<EmailLoginVerified> {
  const challenge = await verifyOtp(auth, { challengeId: opts.challengeId, code: opts.otp, purpose: 'login', deviceId: opts.device.deviceId }).catch(
    (error: unknown) => {
      authEvent(auth.ctx, 'login_failed', { method: 'email', projectId: opts.projectId, reason: error instanceof AuthError ? error.message : 'error' }, 'warn')
      throw error
    },
  )
  if (challenge.projectId !== opts.projectId) throw new AuthError(400, 'Invalid code')
  const db = auth.ctx.db
  const user = await userForIdentity(db, { provider: 'email', subject: challenge.email, email: challenge.email, emailVerified: true })
  if (!user.email) await db.query('update auth_users set email = $2 where id = $1 and email is null', [user.id, challenge.email])
  const [wallet] = await db.query('select 1 from auth_wallets where user_id = $1', [user.id])
  const [share] = await db.query('select 1 from auth_device_shares where user_id = $1 and device_id = $2', [user.id, opts.device.deviceId])
  if (wallet && !share) {
    authEvent(auth.ctx, 'device_approval_requested', { method: 'email', projectId: opts.projectId, userId: user.id })
    return requestDeviceApproval(auth, { ...opts, userId: user.id, email: challenge.email, challengeId: challenge.id })
  }
  authEvent(auth.ctx, 'login', { method: 'email', projectId: opts.projectId, userId: user.id })
  return createSession(auth, { userId: user.id, device: opts.device, projectId: opts.projectId, method: 'email', recovery: false, origin: opts.origin })
}

async function requestDeviceApproval(
  auth: Auth,
  opts: { projectId: string; userId: string; email: string; challengeId: string; device: DeviceProof; origin?: LoginOrigin; apiUrl: string },
) {
  const db = auth.ctx.db
  const approvalId = randomId()
  const token = randomToken()
  const now = auth.settings.now()
  const matchCode = newMatchCode()
  const origin = opts.origin ?? {}
  await db.query(
    `insert into auth_device_approvals (id, project_id, user_id, device_id, token_hash, otp_challenge_id, expires_at, created_at, host_origin, user_agent, ip, match_code)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      approvalId,
      opts.projectId,
      opts.userId,
      opts.device.deviceId,
      sha256(token),
      opts.challengeId,
      new Date(now + auth.settings.deviceApprovalTtlMs),
      new Date(now),
      origin.hostOrigin ?? null,
      origin.userAgent?.slice(0, 400) ?? null,
      origin.ip ?? null,
      matchCode,
    ],
  )
  const link = `${opts.apiUrl}/auth/device/approve?projectId=${encodeURIComponent(opts.projectId)}&token=${token}`
  const details = describeRequest({ ...origin, projectName: await projectName(auth, opts.projectId), at: now })
  await auth.mailer.send({
    to: opts.email,
    subject: 'Approve a new device for your Portico wallet',
    text: approvalMailText(auth, { link, details, matchCode }),
  })
  return { action: 'VERIFY_DEVICE' as const, approvalId, matchCode }
}

async function projectName(auth: Auth, projectId: string): Promise<string | undefined> {
  const [row] = await auth.ctx.db.query<{ name: string }>('select name from projects where project_id = $1', [projectId]).catch(() => [])
  return row?.name
}

function approvalMailText(auth: Auth, opts: { link: string; details: ReturnType<typeof describeRequest>; matchCode: string }) {
  const minutes = Math.round(auth.settings.deviceApprovalTtlMs / 60_000)
  return [
    'Someone is signing in to your Portico wallet on a new device or site:',
    '',
    detailLines(opts.details),
    `Code:    ${opts.matchCode}`,
    '',
    `Approve only if this is you AND the sign-in window shows the same code (${opts.matchCode}).`,
    'Approving lets that device open your wallet, unless a passkey or password protects it (then the device needs that too).',
    '',
    `Approve it: ${opts.link}`,
    '',
    `The link expires in ${minutes} minutes. If this was not you, ignore this mail: nothing happens without the link.`,
  ].join('\n')
}

/** What the approval page shows about the request (undefined: the link expired or was used). */
export async function deviceApprovalDetails(auth: Auth, token: string) {
  const [row] = await auth.ctx.db.query<{
    project_id: string
    host_origin: string | null
    user_agent: string | null
    ip: string | null
    match_code: string | null
    created_at: unknown
  }>(
    `select project_id, host_origin, user_agent, ip, match_code, created_at from auth_device_approvals
     where token_hash = $1 and approved_at is null and expires_at > $2`,
    [sha256(token), new Date(auth.settings.now())],
  )
  if (!row) return undefined
  const details = describeRequest({
    hostOrigin: row.host_origin,
    projectName: await projectName(auth, row.project_id),
    userAgent: row.user_agent,
    ip: row.ip,
    at: new Date(row.created_at as string).getTime(),
  })
  return { ...details, matchCode: row.match_code ?? '' }
}

/** The device approval page's POST: marks it approved; the polling device gets its session then. */
export async function approveDevice(auth: Auth, token: string): Promise<'approved' | 'invalid'> {
  const [row] = await auth.ctx.db.query(
    'update auth_device_approvals set approved_at = $2 where token_hash = $1 and approved_at is null and expires_at > $2 returning id',
    [sha256(token), new Date(auth.settings.now())],
  )
  return row ? 'approved' : 'invalid'
}

/**
 * CONNECT_DEVICE polls this (signed by the device key that verified the code) until the owner used
 * the approval link; then, once, the session, allowed to fetch the recovery material within minutes.
 */
export async function deviceApprovalStatus(
  auth: Auth,
  opts: { approvalId: string; device: DeviceProof; projectId: string },
): Promise<{ approved: false } | ({ approved: true } & Tokens)> {
  const db = auth.ctx.db
  const now = new Date(auth.settings.now())
  const [issued] = await db.query<{ user_id: string; host_origin: string | null; user_agent: string | null; ip: string | null }>(
    `update auth_device_approvals set session_issued_at = $4
     where id = $1 and device_id = $2 and project_id = $3 and approved_at is not null and session_issued_at is null
     returning user_id, host_origin, user_agent, ip`,
    [opts.approvalId, opts.device.deviceId, opts.projectId, now],
  )
  if (issued) {
    const origin = { hostOrigin: issued.host_origin, userAgent: issued.user_agent, ip: issued.ip }
    const tokens = await createSession(auth, {
      userId: issued.user_id,
      device: opts.device,
      projectId: opts.projectId,
      method: 'email',
      recovery: true,
      origin,
    })
    return { approved: true, ...tokens }
  }
  const [row] = await db.query<{ session_issued_at: unknown; expires_at: Date | string }>(
    'select session_issued_at, expires_at from auth_device_approvals where id = $1 and device_id = $2 and project_id = $3',
    [opts.approvalId, opts.device.deviceId, opts.projectId],
  )
  if (!row || row.session_issued_at) throw new AuthError(404, 'Unknown device approval')
  if (new Date(row.expires_at).getTime() <= now.getTime()) throw new AuthError(400, 'The approval link expired. Please sign in again')
  return { approved: false }
}

/**
 * What proves, beyond the session, that the account's owner asks for an email change (adding
 * one to a social-only account included): a passkey or password proof of the last minutes when
 * the account has a factor (then only the new address gets a code); else a code to the current
 * address; else (a social-only account) a sign-in of the last minutes.
 */
async function emailChangeProof(auth: Auth, session: Session): Promise<'factor' | 'primary-otp' | 'fresh-login'> {
  const now = auth.settings.now()
  const fresh = (at: number | undefined) => at !== undefined && now - at <= auth.settings.freshProofMs
  const [factor] = await auth.ctx.db.query('select 1 from auth_factors where user_id = $1 limit 1', [session.userId])
  if (factor) {
    if (fresh(session.factorVerifiedAt)) return 'factor'
    throw new AuthError(403, 'Confirm it is you with your passkey or password first')
  }
  const user = await userById(auth.ctx.db, session.userId)
  if (user?.email) return 'primary-otp'
  if (fresh(session.createdAt)) return 'fresh-login'
  throw new AuthError(403, 'For your safety, sign in again before adding an email')
}

/**
 * UPDATE_EMAIL: fresh proof first (emailChangeProof: a code to the current address, or a
 * passkey/password proof, or a fresh sign-in), then a code to the new address.
 */
export async function startEmailUpdate(auth: Auth, session: Session, newEmailInput: unknown, ip: string) {
  const newEmail = normalizeEmail(newEmailInput)
  const db = auth.ctx.db
  const user = await userById(db, session.userId)
  if (!user) throw new AuthError(401, 'Session expired')
  if (user.email === newEmail) throw new AuthError(400, 'This is already your email')
  // Whether another account uses the new address is told only after its code proved the mailbox
  // (verifyEmailUpdateSecondary): this answer does not reveal who has a wallet.
  const proof = await emailChangeProof(auth, session)
  await reserveSend(auth, user.email ?? newEmail, ip, 'update')
  const id = randomId()
  const now = auth.settings.now()
  const primary = proof === 'primary-otp'
  const challengeId = await issueOtp(auth, {
    purpose: primary ? 'update-primary' : 'update-secondary',
    projectId: session.projectId,
    email: primary ? user.email! : newEmail,
    userId: user.id,
    deviceId: session.deviceId,
  })
  await db.query(
    `insert into auth_email_changes (id, session_id, user_id, new_email, primary_challenge_id, secondary_challenge_id, step, expires_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      session.sessionId,
      user.id,
      newEmail,
      primary ? challengeId : null,
      primary ? null : challengeId,
      primary ? 'primary' : 'secondary',
      new Date(now + auth.settings.otpTtlMs),
      new Date(now),
    ],
  )
  return { action: primary ? ('VERIFY_PRIMARY_OTP' as const) : ('VERIFY_SECONDARY_OTP' as const) }
}

async function currentChange(auth: Auth, session: Session, step: 'primary' | 'secondary') {
  const [row] = await auth.ctx.db.query<{ id: string; new_email: string; primary_challenge_id: string | null; secondary_challenge_id: string | null }>(
    `select id, new_email, primary_challenge_id, secondary_challenge_id from auth_email_changes
     where session_id = $1 and step = $2 and expires_at > $3 order by created_at desc limit 1`,
    [session.sessionId, step, new Date(auth.settings.now())],
  )
  if (!row) throw new AuthError(400, step === 'primary' ? 'Start the email update first' : 'Confirm your current email first')
  return row
}

export async function verifyEmailUpdatePrimary(auth: Auth, session: Session, otp: string) {
  const change = await currentChange(auth, session, 'primary')
  await verifyOtp(auth, { challengeId: change.primary_challenge_id!, code: otp, purpose: 'update-primary', deviceId: session.deviceId })
  const challengeId = await issueOtp(auth, {
    purpose: 'update-secondary',
    projectId: session.projectId,
    email: change.new_email,
    userId: session.userId,
    deviceId: session.deviceId,
  })
  await auth.ctx.db.query("update auth_email_changes set step = 'secondary', secondary_challenge_id = $2 where id = $1", [change.id, challengeId])
  return {}
}

export async function verifyEmailUpdateSecondary(auth: Auth, session: Session, otp: string) {
  const change = await currentChange(auth, session, 'secondary')
  await verifyOtp(auth, { challengeId: change.secondary_challenge_id!, code: otp, purpose: 'update-secondary', deviceId: session.deviceId })
  const db = auth.ctx.db
  if (await userByEmail(db, change.new_email)) throw new AuthError(409, 'This email is used by another account')
  const user = await userById(db, session.userId)
  await db.transaction(async (tx) => {
    await tx.query('update auth_users set email = $2 where id = $1', [session.userId, change.new_email])
    if (user?.email) await tx.query("delete from auth_identities where provider = 'email' and subject = $1", [user.email])
    await tx.query(
      `insert into auth_identities (provider, subject, user_id, email, email_verified) values ('email', $1, $2, $1, true)
       on conflict (provider, subject) do nothing`,
      [change.new_email, session.userId],
    )
    await tx.query("update auth_email_changes set step = 'done' where id = $1", [change.id])
  })
  // The old address (if any) learns of the change; so does the new one.
  await sendNotice(auth, session, {
    to: [user?.email, change.new_email],
    subject: 'The email of your Portico wallet was changed',
    lead: `Your wallet now signs in with ${change.new_email}${user?.email ? ` instead of ${user.email}` : ''}.`,
  })
  return { newEmail: change.new_email }
}
