import { CacheLifetimes, type CacheKind } from './spec/defaults.js'
import type { Clock } from './environment.js'
import { StorageKeys, type PorticoStorage } from './storage.js'

const KEYS: Record<CacheKind, string> = {
  portfolio: StorageKeys.portfolioCache,
  nativeBalance: StorageKeys.nativeBalanceCache,
  name: StorageKeys.nameCache,
  identity: StorageKeys.identityCache,
  transactions: StorageKeys.transactionsCache,
  tokenPrice: StorageKeys.tokenPriceCache,
}

/** Keeps at most this many entries per cache so storage never grows without bound. */
const MAX_ENTRIES = 50

type Entries = Record<string, { at: number; value: unknown }>

/**
 * The browser caches of SPEC §3, with SPEC §9's lifetimes: a value older than its lifetime
 * is never returned.
 */
export function createCache(storage: PorticoStorage, clock: Clock) {
  return {
    get<T>(kind: CacheKind, id: string): T | undefined {
      const entry = storage.read<Entries>(KEYS[kind], {})[id]
      if (!entry || clock.now() - entry.at >= CacheLifetimes[kind]) return undefined
      return entry.value as T
    },
    set(kind: CacheKind, id: string, value: unknown) {
      const now = clock.now()
      const fresh = Object.entries(storage.read<Entries>(KEYS[kind], {}))
        .filter(([key, e]) => key !== id && now - e.at < CacheLifetimes[kind])
        .slice(-(MAX_ENTRIES - 1))
      storage.write(KEYS[kind], Object.fromEntries([...fresh, [id, { at: now, value }]]))
    },
    clear(kind: CacheKind) {
      storage.write(KEYS[kind], null)
    },
  }
}
export type PorticoCache = ReturnType<typeof createCache>
