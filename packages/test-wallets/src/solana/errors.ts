/** Errors with a `code`, as Solana wallets throw them (Phantom and others use the EIP-1193 codes). */
import { ErrorCode, ProviderRpcError } from '../injected/errors'

export { ProviderRpcError, ErrorCode }

export const userRejected = () => new ProviderRpcError(ErrorCode.UserRejected, 'User rejected the request.')

export const notConnected = (feature: string, address?: string) =>
  new ProviderRpcError(
    ErrorCode.Unauthorized,
    address
      ? `The account ${address} is not connected to this site (${feature}). Call standard:connect first.`
      : `The wallet is not connected to this site (${feature}). Call standard:connect first.`,
  )

export const invalidInput = (message: string) => new ProviderRpcError(ErrorCode.InvalidParams, message)

export const unsupportedChain = (chain: string) =>
  new ProviderRpcError(ErrorCode.Unsupported, `The Portico Solana Test Wallet does not support the chain "${chain}".`)
