/** Errors with a `code`, as Bitcoin wallets answer them (the EIP-1193 codes WalletConnect's bip122 and Portico use). */
import { ErrorCode, ProviderRpcError } from '../injected/errors'
import { EsploraError } from './esplora'
import { PsbtError } from './psbt'
import { TransferError } from './transfer'

export { ErrorCode, ProviderRpcError }

export const userRejected = () => new ProviderRpcError(ErrorCode.UserRejected, 'User rejected the request.')
export const notConnected = (what: string) => new ProviderRpcError(ErrorCode.Unauthorized, `The wallet is not connected to this site (${what}). Connect first.`)
export const invalidParams = (message: string) => new ProviderRpcError(ErrorCode.InvalidParams, message)
export const unsupportedMethod = (method: string) =>
  new ProviderRpcError(ErrorCode.Unsupported, `The Portico Bitcoin Test Wallet does not support "${method}".`)

/** The wallet's own failures as coded errors: bad PSBTs and transfers are invalid params, a node's refusal is internal. */
export function asProviderError(err: unknown): ProviderRpcError {
  if (err instanceof ProviderRpcError) return err
  if (err instanceof PsbtError || err instanceof TransferError) return new ProviderRpcError(ErrorCode.InvalidParams, err.message)
  if (err instanceof EsploraError) return new ProviderRpcError(ErrorCode.Internal, err.message)
  if (err instanceof RangeError) return new ProviderRpcError(ErrorCode.InvalidParams, err.message)
  return new ProviderRpcError(ErrorCode.Internal, err instanceof Error ? err.message : String(err))
}
