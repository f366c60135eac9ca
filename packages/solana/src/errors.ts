import {
  ConnectorNotFoundError,
  PorticoError,
  ProviderRequestError,
  UnauthorizedProviderError,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from '@portico/core'

/** @wallet-standard/errors codes (WalletStandardError keeps its code in `context.__code`). */
const WalletStandardCodes = {
  walletNotFound: 3834000,
  accountNotFound: 3834001,
  userRejected: 4001000,
  chainUnsupported: 6160000,
  accountFeatureUnimplemented: 6160001,
  featureUnimplemented: 6160002,
} as const

/**
 * Wallet errors become typed Portico errors here, at the wallet boundary, by their numeric code
 * only (never by message text): the EIP-1193 codes Solana wallets throw (4001 rejected, 4100
 * unauthorized, 4200 unsupported) and @wallet-standard/errors' WalletStandardError codes, also
 * when nested as a cause.
 */
export function toPorticoError(error: unknown): PorticoError {
  if (error instanceof PorticoError) return error
  const code = codeOf(error)
  switch (code) {
    case 4001:
    case WalletStandardCodes.userRejected:
      return new UserRejectedRequestError({ cause: error })
    case 4100:
    case WalletStandardCodes.accountNotFound:
      return new UnauthorizedProviderError({ cause: error })
    case 4200:
    case WalletStandardCodes.chainUnsupported:
    case WalletStandardCodes.accountFeatureUnimplemented:
    case WalletStandardCodes.featureUnimplemented:
      return new UnsupportedMethodError({ cause: error })
    case WalletStandardCodes.walletNotFound:
      return new ConnectorNotFoundError('Wallet Standard wallet', { cause: error })
    default:
      return new ProviderRequestError({ cause: error, code })
  }
}

function codeOf(error: unknown, depth = 0): number | undefined {
  if (!error || typeof error !== 'object' || depth > 3) return undefined
  const { code, context, cause } = error as { code?: unknown; context?: { __code?: unknown }; cause?: unknown }
  if (typeof context?.__code === 'number') return context.__code
  if (typeof code === 'number') return code
  return codeOf(cause, depth + 1)
}
