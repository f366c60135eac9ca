import { parseCaipNetworkId, type CaipNetworkId } from '@portico/core/spec'
import { bitcoinFamily } from '../bitcoin/family.js'
import { Refusal } from '../refusals.js'
import { solanaFamily } from '../solana/family.js'
import { eip155Family } from './eip155.js'
import type { ChainFamily } from './family.js'

/**
 * The chain families this server serves, in the order an address is tried against them (bip122 before solana:
 * a base58 Bitcoin address can pass Solana's base58 rule, never the reverse: Bitcoin's have a checksum).
 * A new family is one line here.
 */
export const chainFamilies: readonly ChainFamily[] = [eip155Family, bitcoinFamily, solanaFamily]

/** The family of a namespace (`eip155`), undefined when the server has none. */
export function familyOfNamespace(namespace: string): ChainFamily | undefined {
  return chainFamilies.find((family) => family.namespace === namespace)
}

/** The family of a CAIP-2 chain id (`eip155:1`), undefined when its namespace has none. */
export function familyOfChain(chainId: string): ChainFamily | undefined {
  return chainId.includes(':') ? familyOfNamespace(parseCaipNetworkId(chainId as CaipNetworkId).namespace) : undefined
}

/** The first family `address` belongs to, undefined when none. */
export function familyOfAddress(address: string): ChainFamily | undefined {
  return chainFamilies.find((family) => family.isAddress(address))
}

/** The family of a chain the server can read; refused as an unsupported chain otherwise (no family, or no RPC for it). */
export function readableFamily(ctx: Parameters<ChainFamily['reachable']>[0], chainId: string): ChainFamily {
  const family = familyOfChain(chainId)
  if (!family?.reachable(ctx, chainId)) throw Refusal.unsupportedChain(chainId)
  return family
}
