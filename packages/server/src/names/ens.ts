import { CacheLifetimes } from '@portico/core/spec'
import type { PublicClient } from 'viem'

/**
 * An address's ENS primary name and avatar on Ethereum mainnet (the client carries chain mainnet,
 * so viem finds the universal resolver). Cached for SPEC §9's name lifetime (5 minutes); a failed or slow lookup answers no
 * name (logged), never an error for the caller.
 */
const cache = new WeakMap<PublicClient, Map<string, { at: number; value: { name: string | null; avatar: string | null } }>>()
const TTL_MS = CacheLifetimes.name // SPEC §9

export async function ensIdentity(client: PublicClient, address: `0x${string}`, log: (message: string, ...args: unknown[]) => void = () => {}) {
  const byAddress = cache.get(client) ?? new Map()
  cache.set(client, byAddress)
  const hit = byAddress.get(address)
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value
  let value: { name: string | null; avatar: string | null } = { name: null, avatar: null }
  try {
    const name = await client.getEnsName({ address })
    const avatar = name ? await client.getEnsAvatar({ name }).catch(() => null) : null
    value = { name: name ?? null, avatar: avatar ?? null }
  } catch (error) {
    log('ens lookup failed', error instanceof Error ? error.message : error)
    return value
  }
  byAddress.set(address, { at: Date.now(), value })
  return value
}
