import type { PublicClient } from 'viem'
import { evmClientFor } from './config/rpc.js'
import type { ProjectConfig, ServerConfig } from './config.js'
import type { Database } from './db/database.js'
import type { RateLimiter } from './rateLimit.js'
import type { SolanaRpc } from './solana/rpc.js'

/** Everything a route needs, built once per server instance (no module-level state). */
export interface ServerContext {
  config: ServerConfig
  db: Database
  rateLimiter: RateLimiter
  /** The one project lookup (projects.ts: cached for a few seconds); null for an unknown project. */
  projects(projectId: string): Promise<ProjectConfig | null>
  /** viem clients for the configured EVM chains, by CAIP-2 id. */
  evmClient(caipNetworkId: string): PublicClient | undefined
  /** JSON-RPC clients for the configured solana chains, by CAIP-2 id. */
  solanaRpc(caipNetworkId: string): SolanaRpc | undefined
  /**
   * Set by the families' followers (ChainFamily.startFollower, services/index.ts): follow an address on a
   * followed chain from now on and bring its history up to date (waits a few seconds at most; never throws);
   * undefined on a chain no follower follows. Unset when no follower runs.
   */
  follow?: (caipNetworkId: string, address: string) => Promise<void> | undefined
  /** Background work (indexers, sweeps) registers its stop function here. */
  onClose(fn: () => Promise<void> | void): void
  log: (...args: unknown[]) => void
  /** Structured JSON logs (pino): request lines, relay/indexer/auth events. Never secrets, OTPs or full emails. */
  logger?: import('pino').Logger
  /** The balance path's cache (chain/balanceCache.ts), invalidated by the indexer; set once the indexer has started. */
  balanceCache?: import('./chain/balanceCacheTypes.js').BalanceCache
  /** The history path's cache (indexer/historyCache.ts), invalidated by the indexers' writes. */
  historyCache?: import('./indexer/historyCache.js').HistoryCache
}

export function evmClients(rpcUrls: Record<string, string | string[]>) {
  const clients = new Map<string, PublicClient>()
  return (caipNetworkId: string): PublicClient | undefined => {
    let client = clients.get(caipNetworkId)
    if (!client) {
      client = evmClientFor(caipNetworkId, rpcUrls[caipNetworkId])
      if (client) clients.set(caipNetworkId, client)
    }
    return client
  }
}
