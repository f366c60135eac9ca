/**
 * What the Docs Bitcoin Wallet refuses with. Identity is the class and its numeric code (EIP-1193's and
 * JSON-RPC's, as the Wallet Standard wallets throw them); sats-connect replies carry the JSON-RPC code of
 * the same meaning (satsConnectCode). The message is only a default.
 */
export type DocsWalletErrorName = 'UserRejected' | 'Unauthorized' | 'UnsupportedMethod' | 'InvalidParams' | 'Broadcast'

export class DocsWalletError extends Error {
  readonly code: number
  readonly reason: DocsWalletErrorName
  readonly data?: unknown
  constructor(reason: DocsWalletErrorName, code: number, message: string, data?: unknown) {
    super(message)
    this.name = `DocsWallet${reason}Error`
    this.reason = reason
    this.code = code
    if (data !== undefined) this.data = data
  }
}

export class DocsUserRejectedError extends DocsWalletError {
  constructor() {
    super('UserRejected', 4001, 'User rejected the request.')
  }
}

/** Not connected, or an address this wallet did not give the site. */
export class DocsUnauthorizedError extends DocsWalletError {
  constructor(data?: { address?: string }) {
    super('Unauthorized', 4100, 'The requested account has not been authorized by the user.', data)
  }
}

export class DocsUnsupportedMethodError extends DocsWalletError {
  constructor(data: { method: string }) {
    super('UnsupportedMethod', 4200, 'The wallet does not support this method.', data)
  }
}

export class DocsInvalidParamsError extends DocsWalletError {
  /** `field` names what was wrong; `issue` is the validator's or the signer's own words, for debugging only. */
  constructor(data: { field: string; issue?: string }) {
    super('InvalidParams', -32602, 'Invalid method parameters.', data)
  }
}

/** The Esplora API refused the transaction (HTTP 400 with the node's reject reason) or could not be reached. */
export class DocsBroadcastError extends DocsWalletError {
  constructor(data: { status?: number; nodeReason?: string }) {
    super('Broadcast', -32603, 'The transaction could not be broadcast.', data)
  }
}

/** sats-connect's RpcErrorCode for each refusal (USER_REJECTION -32000, ACCESS_DENIED -32002, ...). */
export const SATS_CONNECT_CODES: Record<DocsWalletErrorName, number> = {
  UserRejected: -32000,
  Unauthorized: -32002,
  UnsupportedMethod: -32601,
  InvalidParams: -32602,
  Broadcast: -32603,
}
