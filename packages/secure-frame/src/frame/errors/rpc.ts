import { CallsErrorCode, ErrorText, ProviderErrorCode } from '@portico/core/spec'

/**
 * The errors the frame answers a request with (viem's src/errors/rpc.ts shape): identity is the
 * class and its code; the message is only a default a thrower may replace. listen.ts posts the
 * code and the message to the host (the protocol's ErrorPayload), nothing else.
 */
export type RpcErrorParameters = { message?: string; details?: string; cause?: unknown }

export type RpcErrorType = RpcError & { name: 'RpcError' }
export class RpcError extends Error {
  override name = 'RpcError'
  readonly code: number
  readonly shortMessage: string
  readonly details?: string
  constructor(shortMessage: string, { code = ProviderErrorCode.internal, details, cause }: { code?: number; details?: string; cause?: unknown } = {}) {
    super(shortMessage, cause === undefined ? undefined : { cause })
    this.code = code
    this.shortMessage = shortMessage
    this.details = details
  }
}

/** One class per code: `class X extends rpcErrorClass(name, code, default message)`. */
function rpcErrorClass<const code extends number>(name: string, code: code, message: string) {
  return class extends RpcError {
    static readonly code = code
    declare readonly code: code
    constructor(parameters: RpcErrorParameters = {}) {
      super(parameters.message ?? message, { code, details: parameters.details, cause: parameters.cause })
      this.name = name
    }
  }
}

// EIP-1193 provider errors.
export type UserRejectedRequestErrorType = UserRejectedRequestError & { code: 4001 }
export class UserRejectedRequestError extends rpcErrorClass('UserRejectedRequestError', ProviderErrorCode.userRejectedRequest, 'User rejected the request') {}
export type UnauthorizedProviderErrorType = UnauthorizedProviderError & { code: 4100 }
export class UnauthorizedProviderError extends rpcErrorClass('UnauthorizedProviderError', ProviderErrorCode.unauthorized, 'Not signed in') {}
export type UnsupportedProviderMethodErrorType = UnsupportedProviderMethodError & { code: 4200 }
export class UnsupportedProviderMethodError extends rpcErrorClass(
  'UnsupportedProviderMethodError',
  ProviderErrorCode.unsupportedMethod,
  ErrorText.rpcCallNotAllowed,
) {}
export type ProviderDisconnectedErrorType = ProviderDisconnectedError & { code: 4900 }
export class ProviderDisconnectedError extends rpcErrorClass(
  'ProviderDisconnectedError',
  ProviderErrorCode.disconnected,
  'The embedded wallet is not connected to any chain',
) {}
export type ChainDisconnectedErrorType = ChainDisconnectedError & { code: 4901 }
export class ChainDisconnectedError extends rpcErrorClass(
  'ChainDisconnectedError',
  ProviderErrorCode.chainDisconnected,
  'The embedded wallet is not connected to the requested chain',
) {}

// JSON-RPC 2.0 errors.
export type InvalidParamsRpcErrorType = InvalidParamsRpcError & { code: -32602 }
export class InvalidParamsRpcError extends rpcErrorClass(
  'InvalidParamsRpcError',
  ProviderErrorCode.invalidParams,
  'Invalid parameters were provided to the RPC method',
) {}
export type InternalRpcErrorType = InternalRpcError & { code: -32603 }
export class InternalRpcError extends rpcErrorClass('InternalRpcError', ProviderErrorCode.internal, 'An internal error was received') {}

// EIP-5792 (wallet_sendCalls) errors.
export class UnsupportedNonOptionalCapabilityError extends rpcErrorClass(
  'UnsupportedNonOptionalCapabilityError',
  CallsErrorCode.unsupportedCapability,
  'A capability the batch requires is not supported',
) {}
export class UnsupportedChainIdError extends rpcErrorClass('UnsupportedChainIdError', CallsErrorCode.unsupportedChainId, 'The batch is for another chain') {}
export class DuplicateIdError extends rpcErrorClass('DuplicateIdError', CallsErrorCode.duplicateId, 'A batch with this id was already sent') {}
export class UnknownBundleIdError extends rpcErrorClass('UnknownBundleIdError', CallsErrorCode.unknownBundleId, 'No batch with this id') {}
export class BundleTooLargeError extends rpcErrorClass('BundleTooLargeError', CallsErrorCode.bundleTooLarge, 'The batch has too many calls') {}
export class AtomicityNotSupportedError extends rpcErrorClass(
  'AtomicityNotSupportedError',
  CallsErrorCode.atomicityNotSupported,
  'Atomicity not supported: this account sends the calls one after another',
) {}
