/** The indexers' options (config.indexer), shared by the EVM indexer and the Solana follower. */
export interface IndexerOptions {
  enabled: boolean
  /** How often each chain's head is read when caught up. */
  pollMs: number
  /** Blocks fetched and written per step (bounds memory and transaction size). */
  batchBlocks: number
  /** A chain without a cursor starts this many blocks behind its head. */
  backfillBlocks: number
  /** Blocks this close to the head are not indexed yet (0: index the head). */
  confirmations: number
  /** How many recent block hashes are kept to roll a reorg back (deeper blocks are final). */
  reorgDepth: number
  /** How often a standby instance tries to take a chain's leadership (PostgreSQL). */
  leaderRetryMs: number
}

export const DEFAULT_INDEXER_OPTIONS: IndexerOptions = {
  enabled: true,
  pollMs: 1000,
  batchBlocks: 20,
  backfillBlocks: 1000,
  confirmations: 0,
  reorgDepth: 128,
  leaderRetryMs: 5000,
}
