import { PorticoError, ProviderRequestError, UnauthorizedProviderError, UnsupportedMethodError, UserRejectedRequestError } from '@portico/core'

/**
 * Wallet Standard errors become typed Portico errors here, at the wallet boundary, by their
 * numeric code only (4001 rejected, 4100 unauthorized, 4200 unsupported), like EIP-1193's.
 */
export function toPorticoError(error: unknown): PorticoError {
  if (error instanceof PorticoError) return error
  const code = error && typeof error === 'object' && typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : undefined
  switch (code) {
    case 4001:
      return new UserRejectedRequestError({ cause: error })
    case 4100:
      return new UnauthorizedProviderError({ cause: error })
    case 4200:
      return new UnsupportedMethodError({ cause: error })
    default:
      return new ProviderRequestError({ cause: error, code })
  }
}
