import {
  ProviderRequestError,
  UnauthorizedProviderError,
  UnrecognizedChainError,
  UnsupportedMethodError,
  UserRejectedRequestError,
  PorticoError,
  providerErrorAlert,
} from '@portico/core'

/**
 * EIP-1193 errors become typed Portico errors here, at the wallet boundary, by their numeric
 * code only (never by message text). Some wallets nest the original error in `data.originalError`.
 * The one exception is SPEC §8's provider-error table: a message it lists carries its alert code
 * (APKT002, APKT006, APKT007) on the typed error, for core to show.
 */
export function toPorticoError(error: unknown): PorticoError {
  if (error instanceof PorticoError) return error
  const code = codeOf(error)
  const options = { cause: error, alertCode: providerErrorAlert(messageOf(error)) }
  switch (code) {
    case 4001:
      return new UserRejectedRequestError(options)
    case 4100:
      return new UnauthorizedProviderError(options)
    case 4200:
      return new UnsupportedMethodError(options)
    case 4902:
      return new UnrecognizedChainError(options)
    default:
      return new ProviderRequestError({ ...options, code })
  }
}

/** The wallet's message, or its nested original error's. */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return typeof error === 'string' ? error : undefined
  const { message, data } = error as { message?: unknown; data?: { originalError?: { message?: unknown } } }
  const nested = data?.originalError?.message
  return [message, nested].filter((m): m is string => typeof m === 'string').join('\n') || undefined
}

function codeOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined
  const { code, data } = error as { code?: unknown; data?: { originalError?: { code?: unknown } } }
  const nested = data?.originalError?.code
  if (typeof nested === 'number' && (nested === 4902 || nested === 4001)) return nested
  return typeof code === 'number' ? code : undefined
}
