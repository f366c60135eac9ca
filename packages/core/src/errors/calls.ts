import { CallsErrorCode } from '../spec/calls.js'
import { ErrorText, ProviderErrorCode } from '../spec/catalogue.js'
import { PorticoError, type PorticoErrorOptions } from './base.js'

/** SPEC §5: a batch with a call whose 'to' or data does not start with 0x, refused before any wallet sees it. */
export class InvalidBatchedCallsError extends PorticoError {
  override name = 'InvalidBatchedCallsError'
  static code = ProviderErrorCode.invalidParams
  readonly code = ProviderErrorCode.invalidParams
  constructor(options: PorticoErrorOptions = {}) {
    super(ErrorText.invalidBatchedCalls, { category: 'WALLET_ERROR', ...options })
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
    super(ErrorText.batchedCallsUnsupported, {
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
    super(callsErrorText(code), { category: 'WALLET_ERROR', ...options })
    this.code = code
  }
}
export type CallsRequestErrorType = CallsRequestError & { name: 'CallsRequestError' }

function callsErrorText(code: number): string {
  switch (code) {
    case CallsErrorCode.unsupportedCapability:
      return 'The wallet does not support a capability the batch requires'
    case CallsErrorCode.unsupportedChainId:
      return 'The wallet does not support batched calls on this chain'
    case CallsErrorCode.duplicateId:
      return 'A batch with this id was already sent'
    case CallsErrorCode.unknownBundleId:
      return 'The wallet knows no batch with this id'
    case CallsErrorCode.bundleTooLarge:
      return 'The batch has more calls than the wallet takes at once'
    case CallsErrorCode.upgradeRejected:
      return 'The account upgrade for atomic calls was rejected'
    case CallsErrorCode.atomicityNotSupported:
      return 'The wallet cannot run these calls atomically'
    default:
      return 'The wallet request failed.'
  }
}
