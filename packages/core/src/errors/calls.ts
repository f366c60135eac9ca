import { CallsErrorCode } from '../spec/calls.js'
import { ErrorText, ProviderErrorCode } from '../spec/catalogue.js'
import { errorMessage } from '../i18n/message.js'
import { PorticoError, type PorticoErrorOptions } from './base.js'
import { UserRejectedRequestError } from './connector.js'

/** SPEC §5: a batch with a call whose 'to' or data does not start with 0x, refused before any wallet sees it. */
export class InvalidBatchedCallsError extends PorticoError {
  override name = 'InvalidBatchedCallsError'
  static code = ProviderErrorCode.invalidParams
  /** Portico's wallets make the same check and answer -32602 with this text: how their refusal is known where it arrives. */
  static walletMessage: string = ErrorText.invalidBatchedCalls
  readonly code = ProviderErrorCode.invalidParams
  constructor(options: PorticoErrorOptions = {}) {
    super(errorMessage('invalidBatchedCalls'), { category: 'WALLET_ERROR', ...options })
  }
}
export type InvalidBatchedCallsErrorType = InvalidBatchedCallsError & { name: 'InvalidBatchedCallsError' }

/**
 * The connected wallet has no EIP-5792 methods (it answered 4200 or JSON-RPC 'method not found').
 * Core does not fall back to one transaction per call: a host that wants that sends them itself.
 */
export class BatchedCallsUnsupportedError extends PorticoError {
  override name = 'BatchedCallsUnsupportedError'
  static code = ProviderErrorCode.unsupportedMethod
  readonly code = ProviderErrorCode.unsupportedMethod
  constructor(options: PorticoErrorOptions & { method?: string } = {}) {
    super(errorMessage('batchedCallsUnsupported'), {
      category: 'WALLET_ERROR',
      details: options.method ? `The wallet does not answer ${options.method}` : undefined,
      ...options,
    })
  }
}
export type BatchedCallsUnsupportedErrorType = BatchedCallsUnsupportedError & { name: 'BatchedCallsUnsupportedError' }

/** An EIP-5792 refusal of the wallet (5700–5760: capability, chain, duplicate or unknown id, size, atomicity). */
export class CallsRequestError extends PorticoError {
  override name = 'CallsRequestError'
  readonly code: number
  constructor(code: number, options: PorticoErrorOptions = {}) {
    super(callsErrorMessage(code), { category: 'WALLET_ERROR', ...options })
    this.code = code
  }
}
export type CallsRequestErrorType = CallsRequestError & { name: 'CallsRequestError' }

/** JSON-RPC 'method not found': how plain wallets and nodes answer a method they lack. */
const METHOD_NOT_FOUND = -32601

/**
 * A wallet's refusal of an EIP-5792 request as a typed error, matched once where the reply arrives
 * (viem's getNodeError): by its code, and the -32602 of Portico's own wallets by the text the class
 * owns. Anything else is returned as it came.
 */
export function getCallsError(error: unknown, method: string): unknown {
  const code = (error as { code?: unknown })?.code
  const message = (error as { message?: unknown })?.message
  if (code === BatchedCallsUnsupportedError.code || code === METHOD_NOT_FOUND) return new BatchedCallsUnsupportedError({ cause: error, method })
  if (code === UserRejectedRequestError.code) return new UserRejectedRequestError({ cause: error })
  if (code === InvalidBatchedCallsError.code && message === InvalidBatchedCallsError.walletMessage) return new InvalidBatchedCallsError({ cause: error })
  if (typeof code === 'number' && code >= 5700 && code < 5800) return new CallsRequestError(code, { cause: error })
  return error
}

function callsErrorMessage(code: number) {
  switch (code) {
    case CallsErrorCode.unsupportedCapability:
      return errorMessage('callsUnsupportedCapability')
    case CallsErrorCode.unsupportedChainId:
      return errorMessage('callsUnsupportedChainId')
    case CallsErrorCode.duplicateId:
      return errorMessage('callsDuplicateId')
    case CallsErrorCode.unknownBundleId:
      return errorMessage('callsUnknownBundleId')
    case CallsErrorCode.bundleTooLarge:
      return errorMessage('callsBundleTooLarge')
    case CallsErrorCode.upgradeRejected:
      return errorMessage('callsUpgradeRejected')
    case CallsErrorCode.atomicityNotSupported:
      return errorMessage('callsAtomicityNotSupported')
    default:
      return errorMessage('providerRequestFailed')
  }
}
