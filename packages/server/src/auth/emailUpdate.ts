import { randomId } from './crypto.js'
import { sendNotice } from './notices.js'
import { issueOtp, normalizeEmail, reserveSend, verifyOtp } from './otp.js'
import type { Session } from './sessions.js'
import { AuthError, type Auth } from './state.js'
import { userByEmail, userById } from './users.js'

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
