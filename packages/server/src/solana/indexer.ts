import type { Follower } from '../chain/family.js'
import type { ServerContext } from '../context.js'
import { FencedError, fencedTransaction, type Fence } from '../indexer/fence.js'
import { sleep } from '../indexer/async.js'
import { DEFAULT_INDEXER_OPTIONS, type IndexerOptions } from '../indexer/options.js'
import { leadership } from '../indexer/leader.js'
import { checkChain, syncAddress } from './sync.js'

/** How long an address stays followed after the API was last asked about it (Follower.watch). */
const WATCH_DAYS = 7
/** How long an API request waits for an address's first sync before answering from what is stored. */
const WATCH_WAIT_MS = 5_000
/** How often an instance that does not lead the chain looks whether the leader has synced an address it was asked about. */
const LEADER_SYNC_POLL_MS = 200

/**
 * The Solana side of the history indexer. A solana chain is followed per address: for each
 * address the API was asked about, and each of its token accounts (incoming SPL transfers to an
 * existing token account do not name the owner), new signatures are read with
 * getSignaturesForAddress (until the last one read), their transactions with getTransaction
 * (jsonParsed), and their SOL and SPL transfers written to the same tables as EVM history (solana/sync.ts)
 * (chain_transactions with the fee, chain_transfers, account_transactions), each account's
 * newest signature kept in solana_signature_cursors. Polls every pollMs like the EVM indexer;
 * RPC and database errors are logged and retried with backoff. A chain whose newest recorded
 * transaction is gone (a restarted local chain) is dropped and read again.
 * Several instances: one leads each chain (the advisory lock, indexer/leader.ts) and only it writes;
 * each write carries its leadership's fencing token (indexer/fence.ts), so a leader that lost its lock
 * has its late write refused (FencedError) and stands by. An instance asked about an address it does
 * not lead records the request and waits for the leader's sync (solana_watched.synced_at).
 */
export function startSolanaIndexer(ctx: ServerContext, overrides: Partial<IndexerOptions> = {}): Follower {
  const opts: IndexerOptions = { ...DEFAULT_INDEXER_OPTIONS, ...ctx.config.indexer, ...overrides }
  const chains = opts.enabled ? Object.keys(ctx.config.rpcUrls).filter((id) => id.startsWith('solana:') && ctx.solanaRpc(id)) : []
  const controller = new AbortController()
  const running = new Map<string, Promise<void>>()
  const syncedAt = new Map<string, number>()
  const checked = new Map<string, bigint>() // chain → the leadership epoch its reset check ran under

  /**
   * Brings an address up to date under `fence` (this instance leads the chain). `wanted`: another instance
   * waits for it (solana_watched.wanted_at), so the sync's start is recorded as synced_at when it is done.
   */
  function sync(chainId: string, address: string, fence: Fence, wanted = false): Promise<void> {
    const key = `${chainId}/${address}`
    let job = running.get(key)
    if (!job) {
      job = (async () => {
        const rpc = ctx.solanaRpc(chainId)!
        const [started] = wanted ? await ctx.db.query<{ at: string }>('select now()::text as at') : []
        if (checked.get(chainId) !== fence.epoch) {
          await checkChain(ctx, rpc, chainId, fence)
          checked.set(chainId, fence.epoch)
        }
        await syncAddress(ctx, rpc, chainId, address, controller.signal, fence)
        if (started)
          await fencedTransaction(ctx.db, fence, (db) =>
            db.query('update solana_watched set synced_at = $3::timestamptz where chain_id = $1 and address = $2', [chainId, address, started.at]),
          )
        syncedAt.set(key, Date.now())
      })()
        .catch((error: unknown) => {
          if (error instanceof FencedError) {
            // Another instance leads this chain now (it took a newer epoch): stand by; nothing of this write landed.
            ctx.logger?.warn({ event: 'indexer.fenced', chainId, reason: error.message }, `indexer ${chainId}: stale leadership, write refused`)
            leader.fenced(chainId, error.message)
          }
          throw error
        })
        .finally(() => running.delete(key))
      running.set(key, job)
    }
    return job
  }

  /** Not leading: asks the leader for a sync of `address` (wanted_at) and waits until one started after the request, or the deadline. */
  async function leaderSynced(chainId: string, address: string) {
    const deadline = Date.now() + WATCH_WAIT_MS
    const [asked] = await ctx.db.query<{ at: string }>(
      'update solana_watched set wanted_at = now() where chain_id = $1 and address = $2 returning wanted_at::text as at',
      [chainId, address],
    )
    if (!asked) return
    while (Date.now() < deadline && !controller.signal.aborted) {
      const [row] = await ctx.db.query<{ done: boolean }>(
        'select synced_at >= $3::timestamptz as done from solana_watched where chain_id = $1 and address = $2',
        [chainId, address, asked.at],
      )
      if (row?.done) return
      await sleep(LEADER_SYNC_POLL_MS, controller.signal)
    }
  }

  // The follower runs on one instance per chain (the advisory lock's holder, as for EVM chains); watch()
  // on another instance asks it for a sync and waits for that instead of writing.
  const leader = leadership(ctx.db, {
    acquired: (chainId) => ctx.logger?.info({ event: 'indexer.leader', chainId }, 'indexer: leading this chain'),
    lost: (lost, reason) => ctx.logger?.warn({ event: 'indexer.leadership_lost', chains: lost, reason }, 'indexer: lock connection lost'),
  })

  async function follow(chainId: string) {
    let failures = 0
    while (!controller.signal.aborted) {
      const fence = (await leader.hold(chainId)) ? leader.fence(chainId) : undefined
      if (!fence) {
        await sleep(opts.leaderRetryMs, controller.signal)
        continue
      }
      try {
        const rows = await ctx.db.query<{ address: string; wanted: boolean }>(
          `select address, (wanted_at is not null and (synced_at is null or synced_at < wanted_at)) as wanted from solana_watched
           where chain_id = $1 and requested_at > now() - interval '${WATCH_DAYS} days' order by wanted desc, requested_at desc`,
          [chainId],
        )
        for (const { address, wanted } of rows) if (!controller.signal.aborted) await sync(chainId, address, fence, wanted)
        if (failures > 0) ctx.log(`indexer ${chainId}: recovered after ${failures} failed attempt(s)`)
        failures = 0
      } catch (error) {
        if (controller.signal.aborted) break
        if (error instanceof FencedError) continue // stood down (sync): the next turn waits for the lock
        failures++
        if (failures === 1 || failures % 30 === 0)
          ctx.log(`indexer ${chainId}: ${failures === 1 ? 'failed' : `still failing (${failures} attempts)`}, retrying:`, describe(error))
      }
      await sleep(failures > 0 ? Math.min(opts.pollMs * 2 ** Math.min(failures, 6), 30_000) : opts.pollMs, controller.signal)
    }
  }
  const loops = chains.map(follow)

  return {
    chains,
    async watch(chainId, address) {
      if (!chains.includes(chainId) || controller.signal.aborted) return
      try {
        await ctx.db.query(
          `insert into solana_watched (chain_id, address) values ($1, $2)
           on conflict (chain_id, address) do update set requested_at = now() where solana_watched.requested_at < now() - interval '1 minute'`,
          [chainId, address],
        )
        const key = `${chainId}/${address}`
        if (!running.has(key) && Date.now() - (syncedAt.get(key) ?? 0) < opts.pollMs) return
        // The leader syncs (and writes); another instance waits for the leader's sync of the address.
        const fence = (await leader.hold(chainId)) ? leader.fence(chainId) : undefined
        await Promise.race([fence ? sync(chainId, address, fence) : leaderSynced(chainId, address), sleep(WATCH_WAIT_MS, controller.signal)])
      } catch (error) {
        ctx.log(`indexer ${chainId}: reading ${address} failed:`, describe(error))
      }
    },
    async stop() {
      controller.abort()
      await Promise.race([Promise.allSettled([...loops, ...running.values()]), sleep(3_000)])
      await leader.release()
    },
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0]! : String(error)
}
