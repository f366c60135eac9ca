import {
  ProviderRequestError,
  UnauthorizedProviderError,
  UnrecognizedChainError,
  UnsupportedMethodError,
  UserRejectedRequestError,
  PorticoError,
} from '@portico/core'

/**
 * EIP-1193 errors become typed Portico errors here, at the wallet boundary, by their numeric
 * code only (never by message text). Some wallets nest the original error in `data.originalError`.
 */
export function toPorticoError(error: unknown): PorticoError {
  if (error instanceof PorticoError) return error
  const code = codeOf(error)
  switch (code) {
    case 4001:
      return new UserRejectedRequestError({ cause: error })
    case 4100:
      return new UnauthorizedProviderError({ cause: error })
    case 4200:
      return new UnsupportedMethodError({ cause: error })
    case 4902:
      return new UnrecognizedChainError({ cause: error })
    default:
      return new ProviderRequestError({ cause: error, code })
  }
}

function codeOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined
  const { code, data } = error as { code?: unknown; data?: { originalError?: { code?: unknown } } }
  const nested = data?.originalError?.code
  if (typeof nested === 'number' && (nested === 4902 || nested === 4001)) return nested
  return typeof code === 'number' ? code : undefined
}
