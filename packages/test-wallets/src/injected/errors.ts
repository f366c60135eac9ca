/** EIP-1193 / EIP-1474 error codes and a ProviderRpcError that dapps can check by `code`. */

export const ErrorCode = {
  UserRejected: 4001,
  Unauthorized: 4100,
  Unsupported: 4200,
  Disconnected: 4900,
  ChainDisconnected: 4901,
  UnrecognizedChain: 4902,
  InvalidParams: -32602,
  Internal: -32603,
} as const

export class ProviderRpcError extends Error {
  readonly code: number
  readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'ProviderRpcError'
    this.code = code
    if (data !== undefined) this.data = data
  }

  /** Plain `{code, message, data}` for consumers that serialize errors (e.g. across postMessage). */
  toJSON() {
    return { code: this.code, message: this.message, ...(this.data !== undefined ? { data: this.data } : {}) }
  }
}

export const userRejected = (what = 'User rejected the request.') => new ProviderRpcError(ErrorCode.UserRejected, what)

export const unauthorized = (method: string) =>
  new ProviderRpcError(
    ErrorCode.Unauthorized,
    `The requested account and/or method has not been authorized by the user (${method}). Call eth_requestAccounts first.`,
  )

export const unsupported = (method: string) => new ProviderRpcError(ErrorCode.Unsupported, `The Portico Test Wallet does not support the method "${method}".`)

export const invalidParams = (message: string) => new ProviderRpcError(ErrorCode.InvalidParams, message)

export const unrecognizedChain = (chainIdHex: string) =>
  new ProviderRpcError(ErrorCode.UnrecognizedChain, `Unrecognized chain ID "${chainIdHex}". Try adding the chain using wallet_addEthereumChain first.`)
