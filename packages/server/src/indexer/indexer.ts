import { eip155ChainId } from '@portico/core/spec'
import type { PublicClient } from 'viem'
import type { ServerContext } from '../context.js'
import { sleep } from './async.js'
import { FencedError } from './fence.js'
import { leadership, type Leadership } from './leader.js'
import { DEFAULT_INDEXER_OPTIONS, type IndexerOptions } from './options.js'
import { handleReorg } from './reorg.js'
import { RetryStep, step } from './step.js'
import { loadCursor, type Cursor } from './store.js'

export interface ChainStatus {
  chainId: string
  /** Whether this instance indexes the chain (holds its lock); standbys wait. */
  leader: boolean
  /** The chain's head at the last step, and the last indexed block (leader only). */
  head?: bigint
  indexed?: bigint
}

export interface Indexer {
  /** CAIP-2 ids of the chains being followed. */
  chains: string[]
  status(): ChainStatus[]
  /** False while the leadership connection is down. */
  healthy(): boolean
  stop(): Promise<void>
}

/**
 * Follows every configured eip155 chain: native value transfers (with the receipt's status) and
 * ERC20/ERC721 Transfer logs go into chain_transactions / chain_transfers / account_transactions,
 * with a per-chain cursor (last indexed block number and hash) so a restart resumes.
 *
 * Several instances: one leads each chain (leader.ts, a PostgreSQL advisory lock); the others
 * stand by and take over when it dies. Reorgs (reorg.ts): when the next block does not build on
 * the cursor's hash, or the head falls behind the cursor, only the blocks above the common
 * ancestor are rolled back. Every write carries the leadership's fencing token (fence.ts): a
 * leader that lost its lock mid-step has its write refused. RPC and database errors are logged and retried with backoff; they
 * never end the loop.
 */
export function startIndexer(ctx: ServerContext, overrides: Partial<IndexerOptions> = {}): Indexer {
  const opts: IndexerOptions = { ...DEFAULT_INDEXER_OPTIONS, ...ctx.config.indexer, ...overrides }
  const chains = opts.enabled ? Object.keys(ctx.config.rpcUrls).filter((id) => eip155ChainId(id) !== undefined && ctx.evmClient(id)) : []
  const controller = new AbortController()
  const leader = leadership(ctx.db, {
    acquired: (chainId) => ctx.logger?.info({ event: 'indexer.leader', chainId }, 'indexer: leading this chain'),
    lost: (lost, reason) => ctx.logger?.warn({ event: 'indexer.leadership_lost', chains: lost, reason }, 'indexer: lock connection lost'),
  })
  const state = new Map(chains.map((chainId) => [chainId, { chainId } as Omit<ChainStatus, 'leader'>]))
  const loops = chains.map((chainId) => followChain(ctx, opts, chainId, ctx.evmClient(chainId)!, controller.signal, leader, state.get(chainId)!))
  return {
    chains,
    status: () => [...state.values()].map((s) => ({ ...s, leader: leader.held().has(s.chainId) || ctx.db?.kind !== 'postgres' })),
    healthy: () => leader.healthy(),
    async stop() {
      controller.abort()
      // A step stuck on a slow RPC must not hold up shutdown; it checks the signal before writing.
      await Promise.race([Promise.allSettled(loops), sleep(3_000)])
      await leader.release() // the locks go with the connection: a standby takes over at its next try
    },
  }
}

async function followChain(
  ctx: ServerContext,
  opts: IndexerOptions,
  chainId: string,
  client: PublicClient,
  signal: AbortSignal,
  leader: Leadership,
  state: Omit<ChainStatus, 'leader'>,
) {
  let cursor: Cursor | null | undefined // undefined: not loaded yet
  let cursorEpoch: bigint | undefined // the leadership epoch the cursor was read under
  let verified = false // whether the cursor's block was checked against the chain since loading it
  let failures = 0
  while (!signal.aborted) {
    let delay = opts.pollMs
    try {
      // One leader per chain across instances: a standby waits, and reads the cursor afresh once it leads.
      const fence = (await leader.hold(chainId)) ? leader.fence(chainId) : undefined
      if (!fence) {
        cursor = undefined
        state.head = state.indexed = undefined
        await sleep(opts.leaderRetryMs, signal)
        continue
      }
      // Read after the epoch was taken (a leadership lost and taken again may have been led elsewhere meanwhile).
      if (cursor === undefined || cursorEpoch !== fence.epoch) {
        cursor = await loadCursor(ctx.db, chainId)
        cursorEpoch = fence.epoch
        verified = false
      }
      // Once per load: is the cursor's block still on this chain? (A restarted devnet may have
      // grown back to the same height with different blocks.)
      if (cursor && !verified) {
        const block = await client.getBlock({ blockNumber: cursor.number }).catch((error: unknown) => {
          if ((error as { name?: string }).name === 'BlockNotFoundError') return null
          throw error
        })
        if (block && block.hash!.toLowerCase() !== cursor.hash.toLowerCase())
          cursor = await handleReorg(ctx, client, chainId, `block ${cursor.number} changed`, opts.reorgDepth, fence)
        verified = true // a missing block (head behind the cursor) is handled by step()
      }
      const result = await step(ctx, opts, chainId, client, cursor, signal, fence)
      cursor = result.cursor
      state.head = result.head
      state.indexed = cursor?.number
      if (result.more) delay = 0
      if (failures > 0) ctx.logger?.info({ event: 'indexer.recovered', chainId, failures }, `indexer ${chainId}: recovered`)
      failures = 0
    } catch (error) {
      if (signal.aborted) break
      failures++
      cursor = undefined // re-read from the database: a failed write may not have landed
      if (error instanceof FencedError) {
        // Another instance leads this chain now (it took a newer epoch): stand by; nothing of this step landed.
        ctx.logger?.warn({ event: 'indexer.fenced', chainId, reason: error.message }, `indexer ${chainId}: stale leadership, write refused`)
        leader.fenced(chainId, error.message)
        continue
      }
      if (!(error instanceof RetryStep) && (failures === 1 || failures % 30 === 0))
        ctx.log(`indexer ${chainId}: ${failures === 1 ? 'failed' : `still failing (${failures} attempts)`}, retrying:`, describe(error))
      delay = error instanceof RetryStep ? 0 : Math.min(opts.pollMs * 2 ** Math.min(failures, 6), 30_000)
    }
    await sleep(delay, signal)
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return (error as { shortMessage?: string }).shortMessage ?? error.message.split('\n')[0]!
  return String(error)
}
