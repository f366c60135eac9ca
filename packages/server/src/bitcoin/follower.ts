import type { Follower } from '../chain/family.js'
import type { ServerContext } from '../context.js'
import { sleep } from '../indexer/async.js'
import { FencedError, type Fence } from '../indexer/fence.js'
import { leadership } from '../indexer/leader.js'
import { DEFAULT_INDEXER_OPTIONS, type IndexerOptions } from '../indexer/options.js'
import { AddressInfo, esploraFor } from './esplora.js'
import { isAddressOn } from './networks.js'
import { chainStillHolds, resetBitcoinChain, syncBitcoinAddress } from './sync.js'
import { bitcoinAccountKey } from './transactions.js'

/** How long an address stays followed after the API was last asked about it (Follower.watch). */
const WATCH_DAYS = 7
/** How long an API request waits for an address's first sync before answering from what is stored. */
const WATCH_WAIT_MS = 5_000
/** How often an address's request is written to bitcoin_watched (its requested_at moves at most this often). */
const RECORD_EVERY_MS = 60_000

/**
 * The bip122 follower: the addresses the API is asked about (bitcoin_watched), followed through the
 * chain's Esplora API. Every pollMs it reads the tip; a lower tip, or a new tip under which the newest
 * recorded transaction is gone, is a chain reset (a restarted devnet): the chain's rows and cached
 * balances and pages are dropped and its addresses read again. Then each followed address's stats
 * (/address/:a): when they changed (a new block's or the mempool's transaction), its cached balance is
 * dropped and its new confirmed transactions recorded (bitcoin/sync.ts), with their parties' caches.
 * One instance leads each chain (indexer/leader.ts) and writes under its fence, as the Solana follower.
 */
export function startBitcoinFollower(ctx: ServerContext, overrides: Partial<IndexerOptions> = {}): Follower {
  const opts: IndexerOptions = { ...DEFAULT_INDEXER_OPTIONS, ...ctx.config.indexer, ...overrides }
  const chains = opts.enabled ? Object.keys(ctx.config.rpcUrls).filter((id) => esploraFor(ctx.config, id)) : []
  const controller = new AbortController()
  const states = new Map(chains.map((id) => [id, { tip: undefined as { height: number; hash: string } | undefined, seen: new Map<string, string>() }]))
  const running = new Map<string, Promise<void>>()
  /** When each address's stats were last read (chain/address): an API request within pollMs of it reads nothing. */
  const syncedAt = new Map<string, number>()
  /** When this instance last recorded a request for each address (chain/address): the row is written at most once a minute. */
  const recordedAt = new Map<string, number>()
  const leader = leadership(ctx.db, {
    acquired: (chainId) => ctx.logger?.info({ event: 'indexer.leader', chainId }, 'indexer: leading this chain'),
    lost: (lost, reason) => ctx.logger?.warn({ event: 'indexer.leadership_lost', chains: lost, reason }, 'indexer: lock connection lost'),
  })

  /** Reads an address's stats; when they changed, drops its cached balance and records its new transactions. */
  function syncAddress(chainId: string, address: string, fence: Fence): Promise<void> {
    const key = `${chainId}/${address}`
    let job = running.get(key)
    if (!job) {
      job = (async () => {
        const esplora = esploraFor(ctx.config, chainId)!
        const state = states.get(chainId)!
        const info = await esplora.json(`/address/${address}`, AddressInfo)
        const stats = (s: AddressInfo['chain_stats']) => `${s.tx_count}/${s.funded_txo_sum}/${s.spent_txo_sum}`
        const seen = `${stats(info.chain_stats)}|${stats(info.mempool_stats)}`
        const before = state.seen.get(address)
        if (seen === before) return
        if (before?.split('|')[0] !== stats(info.chain_stats)) await syncBitcoinAddress(ctx, esplora, chainId, address, fence)
        await ctx.balanceCache?.invalidate(chainId, [address])
        state.seen.set(address, seen)
      })()
        .then(() => void syncedAt.set(key, Date.now()))
        .finally(() => running.delete(key))
      running.set(key, job)
    }
    return job
  }

  async function step(chainId: string, fence: Fence) {
    const esplora = esploraFor(ctx.config, chainId)!
    const state = states.get(chainId)!
    const tip = await esplora.tip()
    const last = state.tip
    let reset: string | undefined
    if (last && tip.height < last.height) reset = `the tip went down from ${last.height} to ${tip.height}`
    else if ((!last || tip.hash !== last.hash) && !(await chainStillHolds(ctx, esplora, chainId))) reset = 'a recorded transaction is gone'
    if (reset) {
      await resetBitcoinChain(ctx, chainId, reset, fence)
      state.seen.clear()
    }
    state.tip = tip
    const rows = await ctx.db.query<{ address: string }>(
      `select address from bitcoin_watched where chain_id = $1 and requested_at > now() - interval '${WATCH_DAYS} days' order by requested_at desc`,
      [chainId],
    )
    for (const { address } of rows) if (!controller.signal.aborted) await syncAddress(chainId, address, fence)
  }

  async function follow(chainId: string) {
    let failures = 0
    while (!controller.signal.aborted) {
      const fence = (await leader.hold(chainId)) ? leader.fence(chainId) : undefined
      if (!fence) {
        await sleep(opts.leaderRetryMs, controller.signal)
        continue
      }
      try {
        await step(chainId, fence)
        if (failures > 0) ctx.log(`bitcoin ${chainId}: recovered after ${failures} failed attempt(s)`)
        failures = 0
      } catch (error) {
        if (controller.signal.aborted) break
        if (error instanceof FencedError) {
          leader.fenced(chainId, error.message)
          continue
        }
        failures++
        if (failures === 1 || failures % 30 === 0)
          ctx.log(`bitcoin ${chainId}: ${failures === 1 ? 'failed' : `still failing (${failures} attempts)`}, retrying:`, describe(error))
      }
      await sleep(failures > 0 ? Math.min(opts.pollMs * 2 ** Math.min(failures, 6), 30_000) : opts.pollMs, controller.signal)
    }
  }
  const loops = chains.map(follow)

  return {
    chains,
    async watch(chainId, given) {
      const address = bitcoinAccountKey(given)
      if (!chains.includes(chainId) || controller.signal.aborted || !isAddressOn(chainId, address)) return
      const key = `${chainId}/${address}`
      try {
        // The row's requested_at moves at most once a minute (the update's own condition): within that minute the
        // write would change nothing, so this instance skips it.
        if (Date.now() - (recordedAt.get(key) ?? 0) >= RECORD_EVERY_MS) {
          await ctx.db.query(
            `insert into bitcoin_watched (chain_id, address) values ($1, $2)
             on conflict (chain_id, address) do update set requested_at = now() where bitcoin_watched.requested_at < now() - interval '1 minute'`,
            [chainId, address],
          )
          recordedAt.set(key, Date.now())
        }
        // Read within pollMs (by the loop or an earlier request): the next step reads it again anyway. Without this,
        // every balance or history request cost an Esplora read (bench: 738 µs of server CPU per cached balance).
        if (!running.has(key) && Date.now() - (syncedAt.get(key) ?? 0) < opts.pollMs) return
        // The leader reads it now; another instance's request is read by the leader's next step.
        const fence = (await leader.hold(chainId)) ? leader.fence(chainId) : undefined
        if (fence) await Promise.race([syncAddress(chainId, address, fence), sleep(WATCH_WAIT_MS, controller.signal)])
      } catch (error) {
        ctx.log(`bitcoin ${chainId}: reading ${address} failed:`, describe(error))
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
