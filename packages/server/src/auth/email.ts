import { randomId, randomToken, sha256 } from './crypto.js'
import { issueOtp, normalizeEmail, reserveSend, verifyOtp } from './otp.js'
import { createSession, type Session, type Tokens } from './sessions.js'
import { AuthError, type Auth } from './state.js'
import { userByEmail, userById, userForIdentity } from './users.js'

export type EmailLoginStart = { action: 'VERIFY_OTP'; challengeId: string } | { action: 'VERIFY_DEVICE'; approvalId: string }

/**
 * CONNECT_EMAIL. A known wallet on a device without its share → VERIFY_DEVICE (an approval link
 * is mailed; the code follows once approved). Otherwise VERIFY_OTP, the same whether or not the
 * email has an account.
 */
export async function startEmailLogin(
  auth: Auth,
  opts: { projectId: string; email: unknown; deviceId: string; ip: string; apiUrl: string },
): Promise<EmailLoginStart> {
  const email = normalizeEmail(opts.email)
  // Counted before the account is looked up: the limits answer the same whether or not it exists.
  await reserveSend(auth, email, opts.ip, 'login')
  const db = auth.ctx.db
  const user = await userByEmail(db, email)
  if (user) {
    const [wallet] = await db.query('select 1 from auth_wallets where user_id = $1', [user.id])
    const [share] = await db.query('select 1 from auth_device_shares where user_id = $1 and device_id = $2', [user.id, opts.deviceId])
    if (wallet && !share) {
      const approvalId = randomId()
      const token = randomToken()
      const now = auth.settings.now()
      await db.query(
        `insert into auth_device_approvals (id, project_id, user_id, device_id, token_hash, expires_at, created_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [approvalId, opts.projectId, user.id, opts.deviceId, sha256(token), new Date(now + auth.settings.deviceApprovalTtlMs), new Date(now)],
      )
      const link = `${opts.apiUrl}/auth/device/approve?projectId=${encodeURIComponent(opts.projectId)}&token=${token}`
      await auth.mailer.send({
        to: email,
        subject: 'Approve a new device for your Portico wallet',
        text: `Someone (hopefully you) is signing in to your wallet on a new device or site.\n\nApprove it: ${link}\n\nThe link expires in ${Math.round(auth.settings.deviceApprovalTtlMs / 60_000)} minutes. If this was not you, ignore this mail.`,
      })
      return { action: 'VERIFY_DEVICE', approvalId }
    }
  }
  const challengeId = await issueOtp(auth, { purpose: 'login', projectId: opts.projectId, email, userId: user?.id, deviceId: opts.deviceId })
  return { action: 'VERIFY_OTP', challengeId }
}

/** The device approval page's POST: marks it approved and mails the login code to the owner. */
export async function approveDevice(auth: Auth, token: string): Promise<'approved' | 'invalid'> {
  const db = auth.ctx.db
  const now = auth.settings.now()
  const [row] = await db.query<{ id: string; project_id: string; user_id: string; device_id: string }>(
    `update auth_device_approvals set approved_at = $2 where token_hash = $1 and approved_at is null and expires_at > $2
     returning id, project_id, user_id, device_id`,
    [sha256(token), new Date(now)],
  )
  if (!row) return 'invalid'
  const user = await userById(db, row.user_id)
  if (!user?.email) return 'invalid'
  const challengeId = await issueOtp(auth, { purpose: 'login', projectId: row.project_id, email: user.email, userId: user.id, deviceId: row.device_id })
  await db.query('update auth_device_approvals set otp_challenge_id = $2 where id = $1', [row.id, challengeId])
  return 'approved'
}

export async function deviceApprovalValid(auth: Auth, token: string): Promise<boolean> {
  const [row] = await auth.ctx.db.query('select 1 from auth_device_approvals where token_hash = $1 and approved_at is null and expires_at > $2', [
    sha256(token),
    new Date(auth.settings.now()),
  ])
  return Boolean(row)
}

/** CONNECT_DEVICE polls this until the owner approved the device. */
export async function deviceApprovalStatus(auth: Auth, approvalId: string, deviceId: string) {
  const [row] = await auth.ctx.db.query<{ approved_at: unknown; otp_challenge_id: string | null; expires_at: Date | string }>(
    'select approved_at, otp_challenge_id, expires_at from auth_device_approvals where id = $1 and device_id = $2',
    [approvalId, deviceId],
  )
  if (!row) throw new AuthError(404, 'Unknown device approval')
  if (row.approved_at && row.otp_challenge_id) return { approved: true as const, challengeId: row.otp_challenge_id }
  if (new Date(row.expires_at).getTime() <= auth.settings.now()) throw new AuthError(400, 'The approval link expired. Please sign in again')
  return { approved: false as const }
}

/** CONNECT_OTP: a verified code signs the device in (creating the account for a new email). */
export async function verifyEmailLogin(auth: Auth, opts: { challengeId: string; otp: string; deviceId: string; projectId: string }): Promise<Tokens> {
  const challenge = await verifyOtp(auth, { challengeId: opts.challengeId, code: opts.otp, purpose: 'login', deviceId: opts.deviceId })
  if (challenge.projectId !== opts.projectId) throw new AuthError(400, 'Invalid code')
  const db = auth.ctx.db
  const user = await userForIdentity(db, { provider: 'email', subject: challenge.email, email: challenge.email, emailVerified: true })
  if (!user.email) await db.query('update auth_users set email = $2 where id = $1 and email is null', [user.id, challenge.email])
  // A code that followed a device approval lets this device fetch the recovery pair once.
  const [approval] = await db.query('select 1 from auth_device_approvals where otp_challenge_id = $1 and approved_at is not null', [challenge.id])
  return createSession(auth, { userId: user.id, deviceId: opts.deviceId, projectId: opts.projectId, method: 'email', recoveryAllowed: Boolean(approval) })
}

/** UPDATE_EMAIL: first a code to the current address (if any), then one to the new address. */
export async function startEmailUpdate(auth: Auth, session: Session, newEmailInput: unknown, ip: string) {
  const newEmail = normalizeEmail(newEmailInput)
  const db = auth.ctx.db
  const user = await userById(db, session.userId)
  if (!user) throw new AuthError(401, 'Session expired')
  if (user.email === newEmail) throw new AuthError(400, 'This is already your email')
  const other = await userByEmail(db, newEmail)
  if (other) throw new AuthError(409, 'This email is used by another account')
  await reserveSend(auth, user.email ?? newEmail, ip, 'update')
  const id = randomId()
  const now = auth.settings.now()
  const primary = user.email !== null
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
    [id, session.sessionId, user.id, newEmail, primary ? challengeId : null, primary ? null : challengeId, primary ? 'primary' : 'secondary', new Date(now + auth.settings.otpTtlMs), new Date(now)],
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
  return { newEmail: change.new_email }
}
