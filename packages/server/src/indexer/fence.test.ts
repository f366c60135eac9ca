// @vitest-environment node
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { waitFor } from '../chain/testing.js'
import type { ServerContext } from '../context.js'
import { startTestServer } from '../testing.js'
import { FencedError, fencedTransaction, takeEpoch } from './fence.js'
import { commitStep } from './step.js'
import { leadership } from './leader.js'
import { killLockSession } from './testing.js'
import { loadCursor, resetChain, type TxRow } from './store.js'

/**
 * Leader fencing on the database the server tests run on (PGlite, or PostgreSQL with
 * PORTICO_TEST_DATABASE_URL as .ci/run sets it): a leader that loses its lock mid-step has its
 * write refused, and the chain's history is the successor's. On PostgreSQL the first leader's
 * lock session is really killed and the second takes the advisory lock; on PGlite (one process
 * owns the database, so every leadership leads) the second leadership of the database is the
 * newer one.
 */
let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({ rpcUrls: {}, indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 } })
}, 120_000)
afterAll(() => server?.close(), 60_000)

const ctx = () => ({ db: server.db }) as ServerContext
const hex = (n: number, tag: string) => `0x${tag.padEnd(2, '0')}${n.toString(16).padStart(62, '0')}`
/** A step over blocks [from..to] of one fork (`tag`), one transaction a block. */
const stepOf = (from: number, to: number, tag: string) => {
  const blocks = Array.from({ length: to - from + 1 }, (_, i) => ({ number: BigInt(from + i), hash: hex(from + i, tag) }))
  const txs: TxRow[] = blocks.map((b) => ({
    hash: hex(Number(b.number), `${tag}f`),
    blockNumber: Number(b.number),
    blockTime: 1_700_000_000 + Number(b.number),
    txIndex: 0,
    from: '0x1111111111111111111111111111111111111111',
    to: '0x2222222222222222222222222222222222222222',
    status: 'confirmed',
  }))
  return { txs, transfers: [], blocks, reorgDepth: 128 }
}
const history = async (chainId: string) => ({
  cursor: await loadCursor(server.db, chainId),
  txs: (await server.db.query<{ hash: string }>('select hash from chain_transactions where chain_id = $1 order by block_number', [chainId])).map((r) => r.hash),
  blocks: (await server.db.query<{ hash: string }>('select block_hash as hash from chain_blocks where chain_id = $1 order by block_number', [chainId])).map(
    (r) => r.hash,
  ),
})

describe('indexer leader fencing', () => {
  test('the first leader loses its lock mid-step: its write is refused, the history is the successor’s', async () => {
    const chainId = `eip155:${900_000 + Math.floor(Math.random() * 99_999)}`
    const postgres = server.db.kind === 'postgres'
    const a = leadership(server.db)
    const b = leadership(server.db)
    try {
      expect(await a.hold(chainId)).toBe(true)
      const fenceA = a.fence(chainId)!
      await commitStep(ctx(), fenceA, stepOf(1, 2, 'a0')) // a's first step lands
      if (postgres) expect(await b.hold(chainId)).toBe(false) // one leader while a's session lives

      // a is mid-step (it fetched blocks 3..5, of a fork that is about to be orphaned) when its lock goes.
      if (postgres) expect(await killLockSession(server.db, chainId)).toBe(1)
      await waitFor(() => b.hold(chainId), { timeoutMs: 20_000, intervalMs: 100, what: 'the second instance taking the lock' })
      const fenceB = b.fence(chainId)!
      expect(fenceB.epoch).toBeGreaterThan(fenceA.epoch)
      // b starts from a's last committed step, indexes 3..4 of the chain.
      expect(await loadCursor(server.db, chainId)).toEqual({ number: 2n, hash: hex(2, 'a0') })
      await commitStep(ctx(), fenceB, stepOf(3, 4, 'b0'))

      // a's step finishes: every kind of write it could make is refused, and nothing of it lands.
      await expect(commitStep(ctx(), fenceA, stepOf(3, 5, 'ff'))).rejects.toBeInstanceOf(FencedError)
      await expect(resetChain(ctx(), chainId, 'stale leader', fenceA)).rejects.toBeInstanceOf(FencedError)
      await expect(fencedTransaction(server.db, fenceA, (tx) => tx.query('delete from chain_cursors where chain_id = $1', [chainId]))).rejects.toThrow(
        /leadership epoch \d+ is stale/,
      )
      a.fenced(chainId, 'write refused')
      expect(a.held().has(chainId)).toBe(false)
      expect(a.fence(chainId)).toBeUndefined()
      expect(await a.hold(chainId)).toBe(false) // a stands by: b leads

      await commitStep(ctx(), fenceB, stepOf(5, 5, 'b0')) // b goes on
      const expected = [1, 2].map((n) => hex(n, 'a0')).concat([3, 4, 5].map((n) => hex(n, 'b0')))
      expect(await history(chainId)).toEqual({
        cursor: { number: 5n, hash: hex(5, 'b0') },
        txs: [1, 2].map((n) => hex(n, 'a0f')).concat([3, 4, 5].map((n) => hex(n, 'b0f'))),
        blocks: expected,
      })
    } finally {
      await a.release()
      await b.release()
    }
  }, 60_000)

  test('a successor’s epoch waits for a write that already passed its check, then reads that write', async () => {
    const chainId = `eip155:${800_000 + Math.floor(Math.random() * 99_999)}`
    const first = await takeEpoch(server.db, chainId)
    let open!: () => void
    const gate = new Promise<void>((resolve) => (open = resolve))
    let checked!: () => void
    const passed = new Promise<void>((resolve) => (checked = resolve))
    const write = fencedTransaction(server.db, first, async (tx) => {
      checked()
      await gate
      await tx.query(`insert into chain_cursors (chain_id, block_number, block_hash, updated_at) values ($1, 7, $2, now())`, [chainId, hex(7, 'c0')])
    })
    await passed
    let next: bigint | undefined
    const successor = takeEpoch(server.db, chainId).then((f) => (next = f.epoch))
    await new Promise((r) => setTimeout(r, 300))
    expect(next).toBeUndefined() // held back by the row lock the write took
    open()
    await write
    expect(await successor).toBe(first.epoch + 1n)
    expect(await loadCursor(server.db, chainId)).toEqual({ number: 7n, hash: hex(7, 'c0') })
    await expect(fencedTransaction(server.db, first, async () => undefined)).rejects.toBeInstanceOf(FencedError)
  }, 30_000)
})
