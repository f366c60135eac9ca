import { requestDeviceApproval } from './deviceApproval.js'
import type { DeviceProof } from './dpop.js'
import { authEvent } from './events.js'
import { issueOtp, normalizeEmail, reserveSend, verifyOtp } from './otp.js'
import { createSession, type LoginOrigin, type Tokens } from './sessions.js'
import { AuthError, type Auth } from './state.js'
import { userByEmail, userForIdentity } from './users.js'

export type EmailLoginStart = { action: 'VERIFY_OTP'; challengeId: string }
export type EmailLoginVerified = Tokens | { action: 'VERIFY_DEVICE'; approvalId: string; matchCode: string }

/* Email sign-in (CONNECT_EMAIL, CONNECT_OTP); a known wallet on a new device goes on in deviceApproval.ts, an email change in emailUpdate.ts. */

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
