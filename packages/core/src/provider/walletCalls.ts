import { BatchedCallsUnsupportedError, CallsRequestError, InvalidBatchedCallsError } from '../errors/calls.js'
import { UserRejectedRequestError } from '../errors/connector.js'
import { ProviderRpcError } from '../errors/provider.js'
import { getProvider } from '../actions/getProvider.js'
import { readAccount } from '../actions/watchAccount.js'
import type { Portico } from '../portico.js'
import { ErrorText, ProviderErrorCode } from '../spec/catalogue.js'

/** JSON-RPC 'method not found': how plain wallets and nodes answer a method they lack. */
const METHOD_NOT_FOUND = -32601

/** The active eip155 connection: its public provider, address and chain (EIP-5792 actions). */
export function callsConnection(portico: Portico) {
  const account = readAccount(portico, 'eip155')
  const provider = getProvider(portico, 'eip155')
  if (!provider || !account.isConnected || !account.address) throw new ProviderRpcError(ProviderErrorCode.disconnected, 'No wallet is connected')
  return { provider, address: account.address, chainId: Number(account.chainId) }
}

/**
 * An EIP-5792 request through the active connection's public provider, whatever the connection
 * method; the wallet's refusal becomes a typed error by its code (never by its text, except
 * SPEC's own rule text that Portico's wallets answer -32602 with).
 */
export async function walletCallsRequest<T>(portico: Portico, method: string, params: unknown[]): Promise<T> {
  const { provider } = callsConnection(portico)
  try {
    return (await provider.request({ method, params })) as T
  } catch (error) {
    throw callsError(error, method)
  }
}

export function callsError(error: unknown, method: string): unknown {
  const code = (error as { code?: unknown })?.code
  const message = (error as { message?: unknown })?.message
  if (code === ProviderErrorCode.unsupportedMethod || code === METHOD_NOT_FOUND) return new BatchedCallsUnsupportedError({ cause: error, method })
  if (code === ProviderErrorCode.userRejectedRequest) return new UserRejectedRequestError({ cause: error })
  if (code === ProviderErrorCode.invalidParams && message === ErrorText.invalidBatchedCalls) return new InvalidBatchedCallsError({ cause: error })
  if (typeof code === 'number' && code >= 5700 && code < 5800) return new CallsRequestError(code, { cause: error })
  return error
}
