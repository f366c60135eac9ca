import {
  PorticoError,
  ProviderRequestError,
  UnauthorizedProviderError,
  UnsupportedMethodError,
  UserRejectedRequestError,
  type PorticoErrorOptions,
} from '@portico/core'

/** The amount (or change kept as an output) is below the dust limit, which nodes do not relay. */
export class BelowDustError extends PorticoError {
  override name = 'BelowDustError'
  constructor(amount: string, symbol: string, options: PorticoErrorOptions = {}) {
    super({ key: 'sendForm.belowDust', params: { 0: amount, 1: symbol }, text: `The amount must be at least ${amount} ${symbol}` }, options)
  }
}

/** The payment address's coins do not cover the amount and the fee. */
export class InsufficientBalanceError extends PorticoError {
  override name = 'InsufficientBalanceError'
  constructor(options: PorticoErrorOptions = {}) {
    super({ key: 'sendForm.insufficientBalance', text: 'Insufficient balance' }, options)
  }
}

/** A wallet's reply that does not match its documented shape. */
export class InvalidWalletReplyError extends ProviderRequestError {
  override name = 'InvalidWalletReplyError'
}

/**
 * A provider error as PorticoBitcoinProvider throws it: `{ code, message }` with 4001 rejected,
 * 4100 unauthorized, 4200 unsupported method, -32602 invalid parameters.
 */
export class BitcoinProviderError extends Error {
  override name = 'BitcoinProviderError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** Wallet errors become typed Portico errors at the adapter boundary, by code only (never by text). */
export function toPorticoError(error: unknown): PorticoError {
  if (error instanceof PorticoError) return error
  const code = codeOf(error)
  switch (code) {
    case 4001:
    case 4001000: // @wallet-standard/errors' user rejection
      return new UserRejectedRequestError({ cause: error })
    case 4100:
      return new UnauthorizedProviderError({ cause: error })
    case 4200:
    case -32601:
      return new UnsupportedMethodError({ cause: error })
    default:
      return new ProviderRequestError({ cause: error, code })
  }
}

/** The numeric code of a wallet error (also a JSON-RPC error reply's, or one nested as a cause). */
export function codeOf(error: unknown, depth = 0): number | undefined {
  if (!error || typeof error !== 'object' || depth > 3) return undefined
  const { code, context, cause, error: inner } = error as { code?: unknown; context?: { __code?: unknown }; cause?: unknown; error?: unknown }
  if (typeof context?.__code === 'number') return context.__code
  if (typeof code === 'number') return code
  return codeOf(inner, depth + 1) ?? codeOf(cause, depth + 1)
}
