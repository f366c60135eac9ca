import type { TokenBalance } from './tokenBalance.js'

/**
 * The balance path's cache: a chain + address + token set's portfolio, kept for SPEC §9's
 * portfolio lifetime (30 s), in process (an LRU) or in Redis when REDIS_URL is set (shared by the
 * instances, so the one leading a chain's indexer invalidates for all). The indexer invalidates
 * the addresses a step touched (senders, transfer ends). A generation per chain + address makes
 * that race-free: a read that started before an invalidation is stored under the old generation,
 * which no later read accepts. Concurrent misses of one key share one read.
 */
export interface BalanceCache {
  /** 'memory' or 'redis'. */
  readonly kind: 'memory' | 'redis'
  /** Only chains an indexer follows here are cached (nothing else would invalidate them). */
  covers(chainId: string): boolean
  /** The cached portfolio, else `load`'s (kept unless the address was invalidated meanwhile). `fresh`: load and keep regardless (Cache-Control: no-cache). */
  get(key: BalanceKey, load: () => Promise<TokenBalance[]>, options?: { fresh?: boolean }): Promise<TokenBalance[]>
  invalidate(chainId: string, addresses: Iterable<string>): Promise<void>
  /** Every address's portfolio on the chain (the chain was reset: a devnet restarted under the same id). */
  clear(chainId: string): Promise<void>
}

export interface BalanceKey {
  chainId: string
  address: string
  /** tokenSetId() of the tokens read (the server's chainAssets for the chain). */
  tokenSet: string
}
