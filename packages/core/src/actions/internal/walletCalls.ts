import { getCallsError } from '../../errors/calls.js'
import { ProviderRpcError } from '../../errors/provider.js'
import { getProvider } from '../getProvider.js'
import { readAccount } from '../readAccount.js'
import type { Portico } from '../../portico.js'
import { ProviderErrorCode } from '../../spec/catalogue.js'

/** The active eip155 connection: its public provider, address and chain (EIP-5792 actions). */
export function callsConnection(portico: Portico) {
  const account = readAccount(portico, { namespace: 'eip155' })
  const provider = getProvider(portico, 'eip155')
  if (!provider || !account.isConnected || !account.address) throw new ProviderRpcError(ProviderErrorCode.disconnected, 'No wallet is connected')
  return { provider, address: account.address, chainId: Number(account.chainId) }
}

/**
 * An EIP-5792 request through the active connection's public provider, whatever the connection
 * method; the wallet's refusal becomes a typed error here, where it arrives (getCallsError).
 */
export async function walletCallsRequest<T>(portico: Portico, method: string, params: unknown[]): Promise<T> {
  const { provider } = callsConnection(portico)
  try {
    return (await provider.request({ method, params })) as T
  } catch (error) {
    throw getCallsError(error, method)
  }
}
