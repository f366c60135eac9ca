import { CacheLifetimes } from '@portico/core/spec'
import type { Redis } from 'ioredis'
import type { HistoryTransaction } from './historyTypes.js'

/**
 * The history path's cache: a page of an address's history (chain filter, cursor, page size), kept for
 * SPEC §9's transaction-history lifetime (15 s), in process (an LRU) or in Redis when REDIS_URL is set
 * (shared by the instances, so the one leading a chain's indexer invalidates for all). Every write of
 * indexed rows drops the pages of the addresses it involves (EVM steps and reorg rollbacks, the Solana
 * follower), and a chain reset drops every page. A generation per address (and one for the whole cache)
 * makes that race-free: a read that started before an invalidation is stored under the old generation,
 * which no later read accepts. Concurrent misses of one key share one read. The page's JSON is kept, so
 * a hit is not serialized again.
 */
export interface HistoryCache {
  readonly kind: 'memory' | 'redis'
  /** The cached page's JSON, else `load`'s (kept unless the address was invalidated meanwhile). */
  get(key: HistoryKey, load: () => Promise<HistoryPage>): Promise<string>
  /** Addresses as the indexers store them: EVM lowercase, Solana base58 as it is. */
  invalidate(addresses: Iterable<string>): Promise<void>
  /** Every page (a chain was reset: its rows are gone). */
  clear(): Promise<void>
}

export interface HistoryPage {
  data: HistoryTransaction[]
  next: string | null
}

export interface HistoryKey {
  /** As stored: EVM lowercase, Solana base58 as it is. */
  address: string
  chainId?: string
  cursor?: string
  limit: number
}

export interface HistoryCacheOptions {
  ttlMs?: number
  maxEntries?: number
  /** In process: the pages' JSON kept at most, in UTF-16 code units (32 Mi by default); the least recently used go first. */
  maxChars?: number
  now?: () => number
  log?: (...args: unknown[]) => void
}

const pageKey = (k: HistoryKey) => `${k.address}|${k.chainId ?? '*'}|${k.cursor ?? ''}|${k.limit}`

function singleFlight() {
  const pending = new Map<string, Promise<string>>()
  return (key: string, run: () => Promise<string>) => {
    let p = pending.get(key)
    if (!p) {
      p = run().finally(() => pending.delete(key))
      pending.set(key, p)
    }
    return p
  }
}

export function memoryHistoryCache(opts: HistoryCacheOptions = {}): HistoryCache {
  const ttlMs = opts.ttlMs ?? CacheLifetimes.transactions
  const max = opts.maxEntries ?? 10_000
  const maxChars = opts.maxChars ?? 32 * 1024 * 1024
  let chars = 0
  const now = opts.now ?? Date.now
  const entries = new Map<string, { until: number; owner: string; json: string }>()
  const byOwner = new Map<string, Set<string>>()
  // A generation per address with reads in flight (kept only while one is), and one for clear().
  const reading = new Map<string, { count: number; gen: number }>()
  let epoch = 0
  const flight = singleFlight()
  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    chars -= entry.json.length
    const keys = byOwner.get(entry.owner)
    keys?.delete(key)
    if (keys?.size === 0) byOwner.delete(entry.owner)
  }
  return {
    kind: 'memory',
    async get(k, load) {
      const key = pageKey(k)
      const hit = entries.get(key)
      if (hit && hit.until > now()) {
        entries.delete(key) // most recently used last
        entries.set(key, hit)
        return hit.json
      }
      const owner = k.address
      const state = reading.get(owner) ?? { count: 0, gen: 0 }
      reading.set(owner, state)
      const gen = state.gen
      const at = epoch
      return flight(`${key}|${at}|${gen}`, async () => {
        state.count++
        try {
          const json = JSON.stringify(await load())
          if (state.gen === gen && epoch === at) {
            remove(key)
            entries.set(key, { until: now() + ttlMs, owner, json })
            chars += json.length
            byOwner.set(owner, (byOwner.get(owner) ?? new Set()).add(key))
            for (const oldest of entries.keys()) {
              if (entries.size <= max && chars <= maxChars) break
              remove(oldest)
            }
          }
          return json
        } finally {
          if (--state.count === 0 && reading.get(owner) === state) reading.delete(owner)
        }
      })
    },
    async invalidate(addresses) {
      for (const owner of addresses) {
        for (const key of [...(byOwner.get(owner) ?? [])]) remove(key)
        const state = reading.get(owner)
        if (state) state.gen++
      }
    },
    async clear() {
      epoch++
      entries.clear()
      byOwner.clear()
      chars = 0
    },
  }
}

/** Redis: the page's JSON under portico:hist:<page key>, tagged with its address's generation (portico:histgen:…) and the cache's (portico:histgen). */
export function redisHistoryCache(redis: Redis, opts: HistoryCacheOptions = {}): HistoryCache {
  const ttlMs = opts.ttlMs ?? CacheLifetimes.transactions
  const flight = singleFlight()
  const EPOCH = 'portico:histgen'
  const genKey = (address: string) => `portico:histgen:${address}`
  return {
    kind: 'redis',
    async get(k, load) {
      const valueKey = `portico:hist:${pageKey(k)}`
      let tag: string
      try {
        const [stored, gen, epoch] = await redis.mget(valueKey, genKey(k.address), EPOCH)
        tag = `${epoch ?? '0'}.${gen ?? '0'}`
        if (stored) {
          const cut = stored.indexOf('|')
          if (stored.slice(0, cut) === tag) return stored.slice(cut + 1)
        }
      } catch (error) {
        opts.log?.('history cache: Redis read failed, reading the database', error instanceof Error ? error.message : error)
        return JSON.stringify(await load())
      }
      return flight(`${valueKey}|${tag}`, async () => {
        const json = JSON.stringify(await load())
        await redis.set(valueKey, `${tag}|${json}`, 'PX', ttlMs).catch(() => undefined)
        return json
      })
    },
    async invalidate(addresses) {
      const multi = redis.multi()
      let any = false
      for (const address of addresses) {
        // The generation outlives every value stored under an older one (those live ttlMs at most).
        multi.incr(genKey(address)).pexpire(genKey(address), ttlMs * 2)
        any = true
      }
      if (!any) return
      try {
        await multi.exec()
      } catch (error) {
        opts.log?.('history cache: Redis invalidation failed', error instanceof Error ? error.message : error)
      }
    },
    async clear() {
      try {
        await redis.incr(EPOCH)
      } catch (error) {
        opts.log?.('history cache: Redis clear failed', error instanceof Error ? error.message : error)
      }
    },
  }
}
