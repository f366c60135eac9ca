import { createHash } from 'node:crypto'
import { CacheLifetimes } from '@portico/core/spec'
import type { Redis } from 'ioredis'
import type { BalanceCache, BalanceKey } from './balanceCacheTypes.js'
import { familyOfChain } from './families.js'
import type { TokenBalance } from './tokenBalance.js'

export type { BalanceCache, BalanceKey } from './balanceCacheTypes.js'

export interface BalanceCacheOptions {
  chains: readonly string[]
  ttlMs?: number
  maxEntries?: number
  now?: () => number
  log?: (...args: unknown[]) => void
}

/** A short id of a token list (order-free). */
export function tokenSetId(tokens: ReadonlyArray<{ address: string }>): string {
  const sorted = tokens.map((t) => t.address.toLowerCase()).sort()
  return createHash('sha256').update(sorted.join(',')).digest('base64url').slice(0, 12)
}

/** An address in its family's stored form (ChainFamily.accountKey: EVM in any case, Solana's base58 as it is); as given on a chain of no family. */
const addressKey = (chainId: string, address: string) => familyOfChain(chainId)?.accountKey(address) ?? address
const who = (chainId: string, address: string) => `${chainId}|${addressKey(chainId, address)}`

function singleFlight() {
  const pending = new Map<string, Promise<TokenBalance[]>>()
  return (key: string, run: () => Promise<TokenBalance[]>) => {
    let p = pending.get(key)
    if (!p) {
      p = run().finally(() => pending.delete(key))
      pending.set(key, p)
    }
    return p
  }
}

export function memoryBalanceCache(opts: BalanceCacheOptions): BalanceCache {
  const ttlMs = opts.ttlMs ?? CacheLifetimes.portfolio
  const max = opts.maxEntries ?? 10_000
  const now = opts.now ?? Date.now
  const chains = new Set(opts.chains)
  const entries = new Map<string, { until: number; owner: string; value: TokenBalance[] }>()
  const byOwner = new Map<string, Set<string>>()
  // Reads in flight per address, and its invalidations meanwhile (kept only while a read is in flight).
  const reading = new Map<string, { count: number; gen: number }>()
  const flight = singleFlight()
  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    const keys = byOwner.get(entry.owner)
    keys?.delete(key)
    if (keys?.size === 0) byOwner.delete(entry.owner)
  }
  return {
    kind: 'memory',
    covers: (chainId) => chains.has(chainId),
    async get({ chainId, address, tokenSet }, load, options) {
      const owner = who(chainId, address)
      const key = `${owner}|${tokenSet}`
      const hit = entries.get(key)
      if (hit && hit.until > now() && !options?.fresh) {
        entries.delete(key) // most recently used last
        entries.set(key, hit)
        return hit.value
      }
      const state = reading.get(owner) ?? { count: 0, gen: 0 }
      reading.set(owner, state)
      const gen = state.gen
      return flight(`${key}|${gen}${options?.fresh ? '|fresh' : ''}`, async () => {
        state.count++
        try {
          const value = await load()
          if (state.gen === gen) {
            remove(key)
            entries.set(key, { until: now() + ttlMs, owner, value })
            byOwner.set(owner, (byOwner.get(owner) ?? new Set()).add(key))
            for (const oldest of entries.keys()) {
              if (entries.size <= max) break
              remove(oldest)
            }
          }
          return value
        } finally {
          if (--state.count === 0 && reading.get(owner) === state) reading.delete(owner)
        }
      })
    },
    async invalidate(chainId, addresses) {
      if (!chains.has(chainId)) return
      for (const address of addresses) {
        const owner = who(chainId, address)
        for (const key of [...(byOwner.get(owner) ?? [])]) remove(key)
        const state = reading.get(owner)
        if (state) state.gen++
      }
    },
    async clear(chainId) {
      if (!chains.has(chainId)) return
      const prefix = `${chainId}|`
      for (const owner of [...byOwner.keys()]) if (owner.startsWith(prefix)) for (const key of [...(byOwner.get(owner) ?? [])]) remove(key)
      for (const [owner, state] of reading) if (owner.startsWith(prefix)) state.gen++
    },
  }
}

/** Redis: the portfolio under portico:bal:<chain>:<address>:<token set> tagged with the address's generation (portico:balgen:…). */
export function redisBalanceCache(redis: Redis, opts: BalanceCacheOptions): BalanceCache {
  const ttlMs = opts.ttlMs ?? CacheLifetimes.portfolio
  const chains = new Set(opts.chains)
  const flight = singleFlight()
  const genKey = (chainId: string, address: string) => `portico:balgen:${chainId}:${addressKey(chainId, address)}`
  // Bumped by clear(): a value is tagged with the chain's epoch and the address's generation.
  const epochKey = (chainId: string) => `portico:balepoch:${chainId}`
  return {
    kind: 'redis',
    covers: (chainId) => chains.has(chainId),
    async get({ chainId, address, tokenSet }, load, options) {
      const valueKey = `portico:bal:${chainId}:${addressKey(chainId, address)}:${tokenSet}`
      let gen: string
      try {
        const [stored, current, epoch] = await redis.mget(valueKey, genKey(chainId, address), epochKey(chainId))
        gen = `${epoch ?? '0'}.${current ?? '0'}`
        if (stored) {
          const { g, v } = JSON.parse(stored) as { g: string; v: TokenBalance[] }
          if (g === gen && !options?.fresh) return v
        }
      } catch (error) {
        opts.log?.('balance cache: Redis read failed, reading the chain', error instanceof Error ? error.message : error)
        return load()
      }
      return flight(`${valueKey}|${gen}${options?.fresh ? '|fresh' : ''}`, async () => {
        const value = await load()
        await redis.set(valueKey, JSON.stringify({ g: gen, v: value }), 'PX', ttlMs).catch(() => undefined)
        return value
      })
    },
    async invalidate(chainId, addresses) {
      if (!chains.has(chainId)) return
      const multi = redis.multi()
      let any = false
      for (const address of addresses) {
        // The generation outlives every value stored under an older one (those live ttlMs at most).
        multi.incr(genKey(chainId, address)).pexpire(genKey(chainId, address), ttlMs * 2)
        any = true
      }
      if (!any) return
      try {
        await multi.exec()
      } catch (error) {
        opts.log?.('balance cache: Redis invalidation failed', error instanceof Error ? error.message : error)
      }
    },
    async clear(chainId) {
      if (!chains.has(chainId)) return
      try {
        await redis.incr(epochKey(chainId))
      } catch (error) {
        opts.log?.('balance cache: Redis clear failed', error instanceof Error ? error.message : error)
      }
    },
  }
}
