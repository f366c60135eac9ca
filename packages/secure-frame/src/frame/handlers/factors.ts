import { ApiError } from '../api.js'
import type { RequestHandlers } from '../session.js'
import type { FrameWallet } from '../wallet.js'

/** What the host may know of the factors: kind and dates, no credential ids or salts. */
const factorsResult = (r: Awaited<ReturnType<FrameWallet['factors']>>) => ({
  protected: r.protected,
  factors: r.factors.map((f) => ({ id: f.id, kind: f.kind, createdAt: f.createdAt, lastUsedAt: f.lastUsedAt })),
})

type FactorKind = 'UPDATE_EMAIL' | 'UPDATE_EMAIL_PRIMARY_OTP' | 'UPDATE_EMAIL_SECONDARY_OTP' | 'GET_FACTORS' | 'ADD_FACTOR' | 'REMOVE_FACTOR'

/** The wallet's email and its second factors (passkey, password). */
export const factorHandlers: RequestHandlers<FactorKind> = {
  async UPDATE_EMAIL({ wallet }, { email }) {
    // A protected wallet: the passkey or password first (fresh proof; then only the new address gets a code).
    if (wallet.user?.protected) await wallet.verifyFactor()
    return wallet.api.call('/auth/email/update', { body: { email }, auth: true })
  },
  async UPDATE_EMAIL_PRIMARY_OTP({ wallet }, { otp }) {
    await wallet.api.call('/auth/email/update/primary', { body: { otp }, auth: true })
    return {}
  },
  async UPDATE_EMAIL_SECONDARY_OTP({ wallet }, { otp }) {
    const result = await wallet.api.call<{ newEmail: string }>('/auth/email/update/secondary', { body: { otp }, auth: true })
    if (wallet.user) wallet.user.email = result.newEmail
    return result
  },
  async GET_FACTORS({ wallet }) {
    return factorsResult(await wallet.factors())
  },
  async ADD_FACTOR({ wallet }, { kind }) {
    if (!wallet.connected) throw new ApiError('Not signed in', 401)
    return factorsResult(await wallet.addFactor(kind))
  },
  async REMOVE_FACTOR({ wallet }, { id }) {
    if (!wallet.connected) throw new ApiError('Not signed in', 401)
    return factorsResult(await wallet.removeFactor(id))
  },
}
