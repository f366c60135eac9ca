import type { Tokens } from '../api.js'
import type { RequestHandlers } from '../session.js'
import { signedIn } from '../user.js'

/** Asks fn every second until it answers, for up to ms (device approval, Farcaster channel). */
async function poll<T>(fn: () => Promise<T | undefined>, ms = 115_000): Promise<T> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    const result = await fn()
    if (result !== undefined) return result
    await new Promise((r) => setTimeout(r, 1000))
  }
  throw new Error('Timed out')
}

type LoginKind = 'CONNECT_EMAIL' | 'CONNECT_OTP' | 'CONNECT_DEVICE' | 'GET_SOCIAL_REDIRECT_URI' | 'CONNECT_SOCIAL' | 'GET_FARCASTER_URI' | 'CONNECT_FARCASTER'

/** Email (code, then device approval), social and Farcaster login. */
export const loginHandlers: RequestHandlers<LoginKind> = {
  async CONNECT_EMAIL({ wallet, pending, hostOrigin }, { email }) {
    if (wallet.connected && wallet.user?.email === email.toLowerCase()) return { action: 'CONNECT' }
    // The same answer whether or not the email has a wallet; a new device of a known wallet
    // learns it needs approval after the code (CONNECT_OTP).
    const result = await wallet.api.call<{ action: 'VERIFY_OTP'; challengeId: string }>('/auth/email/start', { body: { email, hostOrigin } })
    Object.assign(pending, { email, challengeId: result.challengeId, approvalId: undefined })
    return { action: result.action }
  },
  async CONNECT_OTP({ wallet, pending, hostOrigin }, { otp }) {
    if (!pending.challengeId) throw new Error('Request a code first')
    const result = await wallet.api.call<Tokens | { action: 'VERIFY_DEVICE'; approvalId: string; matchCode: string }>('/auth/email/verify', {
      body: { challengeId: pending.challengeId, otp, hostOrigin },
    })
    pending.challengeId = undefined
    if ('action' in result) {
      pending.approvalId = result.approvalId
      return { action: 'VERIFY_DEVICE', matchCode: result.matchCode }
    }
    await wallet.signedIn(result)
    return { action: 'CONNECT' }
  },
  async CONNECT_DEVICE({ wallet, pending }) {
    if (!pending.approvalId) throw new Error('No device approval is pending')
    const approvalId = pending.approvalId
    const tokens = await poll(async () => {
      const status = await wallet.api.call<{ approved: boolean } & Partial<Tokens>>('/auth/device/status', { body: { approvalId } })
      return status.approved ? (status as Tokens) : undefined
    })
    pending.approvalId = undefined
    await wallet.signedIn({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresIn: tokens.expiresIn })
    return {}
  },
  async GET_SOCIAL_REDIRECT_URI({ wallet, pending, hostOrigin }, { provider }) {
    const result = await wallet.api.call<{ uri: string; binding: string }>('/auth/social/start', { body: { provider, hostOrigin } })
    pending.socialBinding = result.binding
    return { uri: result.uri }
  },
  async CONNECT_SOCIAL(session, { chainId, preferredAccountType }) {
    // The server redeemed the provider's answer at its callback; this frame fetches the result
    // with its binding and a proof by its device key (the host never saw code or state).
    const { wallet, pending } = session
    if (!pending.socialBinding) throw new Error('Failed to connect')
    const tokens = await wallet.api.call<Tokens>('/auth/social/complete', { body: { binding: pending.socialBinding } })
    pending.socialBinding = undefined
    if (chainId !== undefined) session.chainId = chainId
    if (preferredAccountType) session.accountType = preferredAccountType
    return signedIn(session, tokens)
  },
  async GET_FARCASTER_URI({ wallet, pending }) {
    const result = await wallet.api.call<{ url: string; channelToken: string; binding: string }>('/auth/farcaster/start', { body: {} })
    pending.farcaster = { channelToken: result.channelToken, binding: result.binding }
    return { url: result.url }
  },
  async CONNECT_FARCASTER(session) {
    const { wallet, pending, hostOrigin } = session
    const channel = pending.farcaster
    if (!channel) throw new Error('Failed to connect to farcaster')
    const tokens = await poll(async () => {
      const status = await wallet.api.call<{ state: string } & Partial<Tokens>>('/auth/farcaster/status', { body: { ...channel, hostOrigin } })
      return status.state === 'completed' ? (status as Tokens) : undefined
    })
    pending.farcaster = undefined
    return signedIn(session, { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresIn: tokens.expiresIn })
  },
}
