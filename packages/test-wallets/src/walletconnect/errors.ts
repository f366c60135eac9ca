/** A JSON-RPC error the wallet answers with (EIP-1193 codes, which WalletConnect wallets use too). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export const userRejected = () => new RpcError(4001, 'User rejected the request.')
