// @vitest-environment node
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestRedis, type TestRedis } from '../relay/testing.js'
import { startTestServer } from '../testing.js'
import { takeEpoch, type Fence } from './fence.js'
import { memoryHistoryCache, type HistoryPage } from './historyCache.js'
import { commitStep } from './step.js'
import { resetChain, type TxRow } from './store.js'

/**
 * The history path's cache (SPEC §9 transaction history: 15 s) on the real server, in process and in
 * Redis: a page is served from the cache until the indexer writes a row for the address, and a chain
 * reset drops every page. Rows the indexer did not write (inserted here straight into the database)
 * show which answers come from the cache.
 */
let redis: TestRedis | null
beforeAll(async () => {
  redis = await startTestRedis()
}, 30_000)
afterAll(() => redis?.stop())

const hex = (n: number, tag: string) => `0x${tag}${n.toString(16).padStart(64 - tag.length, '0')}`
const addressOf = (tag: string) => `0x${tag.padStart(40, '0')}`

describe.each(['memory', 'redis'] as const)('history cache (%s) on the real server', (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>> | undefined
  beforeAll(async () => {
    if (kind === 'redis' && !redis) return console.warn('redis-server is not installed: skipping the Redis case (.ci/run installs it)')
    server = await startTestServer({
      rpcUrls: {},
      indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
      ...(kind === 'redis' ? { redisUrl: redis!.url } : {}),
    })
  }, 60_000)
  afterAll(() => server?.close(), 30_000)

  const chainId = `eip155:${700_000 + Math.floor(Math.random() * 99_999)}`
  let fence: Fence
  let block = 0
  /** One indexer step (commitStep, as the indexer writes): a transaction from `from` in a new block. */
  const step = async (from: string) => {
    block++
    const tx: TxRow = { hash: hex(block, 'aa'), blockNumber: block, blockTime: 1_700_000_000 + block, txIndex: 0, from, to: null, status: 'confirmed' }
    await commitStep(server!.ctx, fence, { txs: [tx], transfers: [], blocks: [{ number: BigInt(block), hash: hex(block, 'bb') }], reorgDepth: 128 })
  }
  /** A row the indexer did not write (no invalidation): visible only to a read past the cache. */
  const sneak = async (address: string) => {
    block++
    const hash = hex(block, 'cc')
    await server!.db.query(
      `insert into chain_transactions (chain_id, hash, block_number, block_time, tx_index, from_address, to_address, status) values ($1, $2, $3, $4, 0, $5, null, 'confirmed')`,
      [chainId, hash, block, 1_700_000_000 + block, address],
    )
    await server!.db.query('insert into account_transactions (address, chain_id, hash, block_time, block_number, tx_index) values ($1, $2, $3, $4, $5, 0)', [
      address,
      chainId,
      hash,
      1_700_000_000 + block,
      block,
    ])
  }
  const hashes = async (address: string, headers?: Record<string, string>) => {
    const res = await fetch(`${server!.url}/v1/account/${address}/history?projectId=portico-dev&chainId=${chainId}`, { headers })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    return ((await res.json()) as HistoryPage).data.map((t) => t.metadata.hash)
  }

  test('a page is kept until the indexer writes a row for its address; no-cache reads past it', async ({ skip }) => {
    if (!server) return skip()
    expect(server.ctx.historyCache?.kind).toBe(kind)
    fence = await takeEpoch(server.db, chainId)
    const a = addressOf('a1')
    const b = addressOf('b1')
    await step(a)
    const first = await hashes(a)
    expect(first).toEqual([hex(1, 'aa')])
    expect(await hashes(b)).toEqual([])

    await sneak(a)
    expect(await hashes(a)).toEqual(first) // cached
    expect(await hashes(a.toUpperCase().replace('0X', '0x'))).toEqual(first) // the same page whatever the address's case
    expect(await hashes(a, { 'cache-control': 'no-cache' })).toEqual([hex(2, 'cc'), hex(1, 'aa')])

    await step(b) // another address's write leaves a's page
    expect(await hashes(a)).toEqual(first)
    expect(await hashes(b)).toEqual([hex(3, 'aa')]) // b's empty page was dropped

    await step(a) // the indexer writes a row for a: its pages go
    expect(await hashes(a)).toEqual([hex(4, 'aa'), hex(2, 'cc'), hex(1, 'aa')])
  }, 30_000)

  test('a chain reset drops every cached page', async ({ skip }) => {
    if (!server) return skip()
    const a = addressOf('a1')
    const before = await hashes(a)
    expect(before.length).toBe(3)
    await resetChain(server.ctx, chainId, 'test reset', fence)
    expect(await hashes(a)).toEqual([])
  }, 30_000)
})

describe('memoryHistoryCache', () => {
  const page = (hash: string): HistoryPage => ({ data: [{ id: hash } as never], next: null })
  const key = { address: '0xab', chainId: 'eip155:1', limit: 20 }

  test('SPEC §9 transaction history lifetime: kept 15 s, read again after; pages differ by chain, cursor and size', async () => {
    let t = 0
    const cache = memoryHistoryCache({ now: () => t })
    let loads = 0
    const load = async () => page(String(++loads))
    expect(JSON.parse(await cache.get(key, load))).toEqual(page('1'))
    t = 14_999
    expect(JSON.parse(await cache.get(key, load))).toEqual(page('1'))
    t = 15_000
    expect(JSON.parse(await cache.get(key, load))).toEqual(page('2'))
    await cache.get({ ...key, chainId: undefined }, load)
    await cache.get({ ...key, cursor: 'x' }, load)
    await cache.get({ ...key, limit: 5 }, load)
    expect(loads).toBe(5)
  })

  test('bounded by entries and by the JSON kept: the least recently used page goes first', async () => {
    const bytes = JSON.stringify(page('1')).length
    const cache = memoryHistoryCache({ maxChars: 2 * bytes })
    let loads = 0
    const load = async () => page(String(++loads % 10))
    const at = (n: number) => ({ ...key, address: `0x${n}` })
    await cache.get(at(1), load)
    await cache.get(at(2), load)
    await cache.get(at(1), load) // 1 is now the most recent
    await cache.get(at(3), load) // over the budget: evicts 2
    expect(loads).toBe(3)
    await cache.get(at(1), load)
    expect(loads).toBe(3)
    await cache.get(at(2), load)
    expect(loads).toBe(4)
  })

  test('a read that an invalidation or a clear overtook is answered but not kept; concurrent misses share one read', async () => {
    const cache = memoryHistoryCache()
    let loads = 0
    let release!: () => void
    const slow = () =>
      new Promise<HistoryPage>((resolve) => {
        loads++
        release = () => resolve(page('old'))
      })
    const pending = [cache.get(key, slow), cache.get(key, slow)]
    await cache.invalidate(['0xab'])
    release()
    expect(await Promise.all(pending)).toEqual([JSON.stringify(page('old')), JSON.stringify(page('old'))])
    expect(loads).toBe(1)
    expect(JSON.parse(await cache.get(key, async () => page('new')))).toEqual(page('new')) // 'old' was not kept

    const during = cache.get({ ...key, limit: 1 }, slow)
    await cache.clear()
    release()
    await during
    expect(JSON.parse(await cache.get({ ...key, limit: 1 }, async () => page('after')))).toEqual(page('after'))
    expect(JSON.parse(await cache.get(key, async () => page('x')))).toEqual(page('x')) // the clear dropped 'new' too
  })
})
