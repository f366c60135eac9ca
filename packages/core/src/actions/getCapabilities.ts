import type { BatchedCallsUnsupportedError } from '../errors/calls.js'
import type { UserRejectedRequestError } from '../errors/connector.js'
import type { ProviderRpcError } from '../errors/provider.js'
import type { Portico } from '../portico.js'
import { callsConnection, walletCallsRequest } from './internal/walletCalls.js'

/** A chain's capabilities as the wallet states them, e.g. `{ atomic: { status: 'supported' }, paymasterService: { supported: true } }`. */
export type Capabilities = Record<string, unknown>

export interface GetCapabilitiesParameters {
  /** Only this chain's capabilities (a number); default: every chain the wallet reports. */
  chainId?: number
}
/** With `chainId`: that chain's capabilities; without: capabilities per chain id. */
export type GetCapabilitiesReturnType<chainId extends number | undefined = undefined> = chainId extends number ? Capabilities : Record<number, Capabilities>
export type GetCapabilitiesErrorType = BatchedCallsUnsupportedError | UserRejectedRequestError | ProviderRpcError

/**
 * EIP-5792 wallet_getCapabilities for the connected account, through the active connection's
 * EIP-1193 provider. Capabilities the wallet states for every chain ('0x0') are merged into each.
 */
export async function getCapabilities<chainId extends number | undefined = undefined>(
  portico: Portico,
  { chainId }: GetCapabilitiesParameters & { chainId?: chainId } = {},
): Promise<GetCapabilitiesReturnType<chainId>> {
  const { address } = callsConnection(portico)
  const params = chainId === undefined ? [address] : [address, [`0x${chainId.toString(16)}`]]
  const answer = (await walletCallsRequest<Record<string, Capabilities> | null>(portico, 'wallet_getCapabilities', params)) ?? {}
  const everyChain = answer['0x0'] ?? {}
  const byChain: Record<number, Capabilities> = {}
  for (const [key, capabilities] of Object.entries(answer)) {
    const id = Number(key)
    if (id !== 0 && Number.isSafeInteger(id)) byChain[id] = { ...everyChain, ...capabilities }
  }
  if (chainId !== undefined) return (byChain[chainId] ?? { ...everyChain }) as GetCapabilitiesReturnType<chainId>
  return byChain as GetCapabilitiesReturnType<chainId>
}
