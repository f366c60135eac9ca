import type { CaipNetworkId, ChainNamespace } from '../caip.js'
import { bip122 } from './bip122.js'
import { eip155 } from './eip155.js'
import { solana } from './solana.js'
import type { ChainFamilyRecord } from './types.js'

export type { ChainFamilyRecord, ExplorerNetwork } from './types.js'
export { explorerLinks } from './explorer.js'

/** The chain families core knows: a new family is its own file here and one line in this list. */
export const ChainFamilies: Partial<Record<ChainNamespace, ChainFamilyRecord>> = { eip155, solana, bip122 }

/** The record of a namespace's family; undefined for a namespace core has no family for. */
export function chainFamily(namespace: ChainNamespace | undefined): ChainFamilyRecord | undefined {
  return namespace ? ChainFamilies[namespace] : undefined
}

/**
 * SPEC §5 'Addresses and names': per-namespace address rules, per network where addresses name it
 * (bip122); a namespace without a family has no valid address.
 */
export function isValidAddress(address: string, namespace: ChainNamespace, caipNetworkId?: CaipNetworkId): boolean {
  return chainFamily(namespace)?.isAddress(address, caipNetworkId) ?? false
}
