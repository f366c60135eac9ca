import { PorticoError, type PorticoErrorOptions } from './base.js'
import { ConnectionErrorText as ErrorText } from '../spec/connectionErrorText.js'

/** EIP-1193 4001 (or a wallet's equivalent): the user said no. */
export class UserRejectedRequestError extends PorticoError {
  override name = 'UserRejectedRequestError'
  static code = 4001
  constructor(options: PorticoErrorOptions = {}) {
    super({ key: 'error.userRejectedRequest', text: 'User rejected the request.' }, { category: 'WALLET_ERROR', ...options })
  }
}

/** EIP-1193 4100: the method needs an authorized account. */
export class UnauthorizedProviderError extends PorticoError {
  override name = 'UnauthorizedProviderError'
  static code = 4100
  constructor(options: PorticoErrorOptions = {}) {
    super({ key: 'error.unauthorizedProvider', text: 'The wallet has not authorized this account or method.' }, { category: 'WALLET_ERROR', ...options })
  }
}

/** EIP-1193 4200: the wallet does not support the method. */
export class UnsupportedMethodError extends PorticoError {
  override name = 'UnsupportedMethodError'
  static code = 4200
  constructor(options: PorticoErrorOptions = {}) {
    super({ key: 'error.unsupportedMethod', text: 'The wallet does not support this method.' }, { category: 'WALLET_ERROR', ...options })
  }
}

/**
 * The embedded wallet refused a method on neither of SPEC §6's lists: 'Requested RPC call is not
 * allowed', shown to the user as 'Action not allowed' (SPEC §8).
 */
export class RpcCallNotAllowedError extends PorticoError {
  override name = 'RpcCallNotAllowedError'
  static code = 4200
  readonly code = 4200
  constructor(options: PorticoErrorOptions = {}) {
    super({ key: 'error.actionNotAllowed', text: ErrorText.actionNotAllowed }, { category: 'WALLET_ERROR', details: ErrorText.rpcCallNotAllowed, ...options })
  }
}

/** EIP-3085/3326 4902: the wallet does not know the chain; it must be added first. */
export class UnrecognizedChainError extends PorticoError {
  override name = 'UnrecognizedChainError'
  static code = 4902
  constructor(options: PorticoErrorOptions = {}) {
    super({ key: 'error.unrecognizedChain', text: 'The wallet does not know this chain.' }, { category: 'WALLET_ERROR', ...options })
  }
}

/** Any other wallet failure. */
export class ProviderRequestError extends PorticoError {
  override name = 'ProviderRequestError'
  readonly code?: number
  constructor(options: PorticoErrorOptions & { code?: number } = {}) {
    super({ key: 'error.providerRequestFailed', text: 'The wallet request failed.' }, { category: 'WALLET_ERROR', ...options })
    this.code = options.code
  }
}

export class ConnectionRejectedError extends PorticoError {
  override name = 'ConnectionRejectedError'
  constructor(options: PorticoErrorOptions = {}) {
    super({ key: 'error.connectionRejected', text: ErrorText.connectionRejected }, { category: 'WALLET_ERROR', ...options })
  }
}

export class ConnectorNotFoundError extends PorticoError {
  override name = 'ConnectorNotFoundError'
  constructor(id: string, options: PorticoErrorOptions = {}) {
    super({ key: 'error.noConnectorForConnection', params: { 0: id }, text: ErrorText.noConnectorForConnection(id) }, options)
  }
}

export class SwitchNetworkError extends PorticoError {
  override name = 'SwitchNetworkError'
  constructor(options: PorticoErrorOptions = {}) {
    super({ key: 'error.switchNetworkFailed', text: ErrorText.switchNetworkFailed }, { category: 'WALLET_ERROR', ...options })
  }
}

// In a file of its own: switchActiveNamespace, in every page's first load, throws it, and the other
// connector errors are only thrown on demand (their chunk stays out of the first load).
export { NamespaceNotConfiguredError } from './namespace.js'

export class InvalidConnectionStatusError extends PorticoError {
  override name = 'InvalidConnectionStatusError'
  constructor(status: string, options: PorticoErrorOptions = {}) {
    super({ key: 'error.invalidConnectionStatus', params: { 0: status }, text: ErrorText.invalidConnectionStatus(status) }, options)
  }
}
