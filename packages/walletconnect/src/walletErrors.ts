import { ProviderRequestError, UnauthorizedProviderError, UnsupportedMethodError, UserRejectedRequestError, type PorticoError } from '@portico/core'

/**
 * A wallet's answer `{ code, message }` (what the sign client rejects with) as core's typed error,
 * by its code only. The error keeps an own `code`, as Wallet Standard wallets' errors carry one,
 * so an adapter that maps by code and one that keeps Portico errors both see a rejection as 4001.
 */
export function toWalletError(error: unknown): PorticoError & { code?: number } {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  const cause = error instanceof Error ? error : new Error(messageOf(error))
  switch (code) {
    case 4001:
    case 5000: // WalletConnect's USER_REJECTED
      return Object.assign(new UserRejectedRequestError({ cause }), { code: 4001 })
    case 4100:
      return Object.assign(new UnauthorizedProviderError({ cause }), { code })
    case 4200:
    case 5101: // WalletConnect's UNSUPPORTED_METHODS
      return Object.assign(new UnsupportedMethodError({ cause }), { code: 4200 })
    default:
      return new ProviderRequestError({ cause, code: typeof code === 'number' ? code : undefined, details: messageOf(error) })
  }
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message
  return 'The wallet request failed'
}
