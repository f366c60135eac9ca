// @vitest-environment node
import { startSolanaDevnet, type SolanaDevnet } from '@portico/devnet/solana'
import { generateKeyPairSigner } from '@solana/kit'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { solanaSender, solanaServerConfig, waitFor } from '../chain/testing.js'
import { DEFAULT_CONFIG } from '../config.js'
import { FencedError, takeEpoch } from '../indexer/fence.js'
import { leadership } from '../indexer/leader.js'
import { killLockSession } from '../indexer/testing.js'
import { startTestServer } from '../testing.js'
import { syncAddress } from './sync.js'

/**
 * The Solana follower's leader fencing, as the EVM indexer's (indexer/fence.test.ts), on the database
 * the server tests run on (PGlite, or PostgreSQL with PORTICO_TEST_DATABASE_URL as .ci/run sets it) and
 * a real local Solana chain: one leader per cluster, each write checks the leadership's epoch in its
 * transaction, and a leader that lost its lock has its late write refused (FencedError) — nothing of it lands.
 */
type Server = Awaited<ReturnType<typeof startTestServer>>
let solana: SolanaDevnet
let send: ReturnType<typeof solanaSender>
const signal = new AbortController().signal
const lines: string[] = []

beforeAll(async () => {
  solana = await startSolanaDevnet({ randomPorts: true })
  send = solanaSender(solana)
}, 60_000)
afterAll(() => solana?.stop())

const hashes = async (server: Server, address: string) =>
  (
    await server.db.query<{ hash: string }>('select hash from account_transactions where chain_id = $1 and address = $2 order by block_number', [
      solana.caip2,
      address,
    ])
  ).map((r) => r.hash)

describe('Solana follower leader fencing', () => {
  test('the first leader loses its lock mid-sync: its late write is refused, the successor’s lands', async () => {
    // The follower off: the test plays both instances' leaderships on one database.
    const server = await startTestServer(solanaServerConfig(solana, { indexer: { ...DEFAULT_CONFIG.indexer!, enabled: false } }))
    const chainId = solana.caip2
    const rpc = server.ctx.solanaRpc(chainId)!
    const a = leadership(server.db)
    const b = leadership(server.db)
    try {
      const owner = (await generateKeyPairSigner()).address
      const first = await send.sol(solana.accounts[3]!.signer, owner, 1_000_000_000n)
      expect(await a.hold(chainId)).toBe(true)
      const fenceA = a.fence(chainId)!
      await syncAddress(server.ctx, rpc, chainId, owner, signal, fenceA)
      expect(await hashes(server, owner)).toEqual([first])
      if (server.db.kind === 'postgres') {
        expect(await b.hold(chainId)).toBe(false) // one leader per cluster while a's session lives
        expect(await killLockSession(server.db, chainId)).toBe(1)
      }
      await waitFor(() => b.hold(chainId), { timeoutMs: 20_000, intervalMs: 100, what: 'the second instance taking the lock' })
      const fenceB = b.fence(chainId)!
      expect(fenceB.epoch).toBeGreaterThan(fenceA.epoch)

      // a was reading the chain when its lock went: its write is refused, and nothing of it lands.
      const second = await send.sol(solana.accounts[3]!.signer, owner, 2_000_000_000n)
      await expect(syncAddress(server.ctx, rpc, chainId, owner, signal, fenceA)).rejects.toBeInstanceOf(FencedError)
      expect(await hashes(server, owner)).toEqual([first])
      const [cursor] = await server.db.query<{ last_signature: string }>(
        'select last_signature from solana_signature_cursors where chain_id = $1 and account = $2',
        [chainId, owner],
      )
      expect(cursor?.last_signature).toBe(first)

      await syncAddress(server.ctx, rpc, chainId, owner, signal, fenceB) // b goes on
      expect(await hashes(server, owner)).toEqual([first, second])
    } finally {
      await a.release()
      await b.release()
      await server.close()
    }
  }, 90_000)

  test('the running follower, superseded, logs indexer.fenced and writes nothing more; asked about an address it waits for the leader', async () => {
    const server = await startTestServer(
      solanaServerConfig(solana, { logDestination: { write: (line: string) => void lines.push(line) } as never, logLevel: 'info' }),
    )
    const chainId = solana.caip2
    const history = async (address: string) => {
      const res = await fetch(`${server.url}/v1/account/${address}/history?projectId=portico-dev&chainId=${chainId}`, {
        headers: { 'cache-control': 'no-cache' },
      })
      expect(res.status).toBe(200)
      return ((await res.json()) as { data: { metadata: { hash: string } }[] }).data.map((t) => t.metadata.hash)
    }
    try {
      const owner = (await generateKeyPairSigner()).address
      expect(await history(owner)).toEqual([]) // followed from now on, by the leader (this instance)
      const first = await send.sol(solana.accounts[3]!.signer, owner, 1_000_000_000n)
      await waitFor(async () => ((await history(owner)).includes(first) ? true : null), { timeoutMs: 20_000, what: 'the follower indexing the transfer' })

      // Another instance takes the cluster's leadership (a newer epoch): the follower's next write (of a new
      // transfer; with nothing new it writes nothing) is refused.
      const successor = await takeEpoch(server.db, chainId)
      const second = await send.sol(solana.accounts[3]!.signer, owner, 2_000_000_000n)
      const fenced = await waitFor(
        async () => lines.map((l) => JSON.parse(l) as { event?: string; chainId?: string }).find((l) => l.event === 'indexer.fenced' && l.chainId === chainId),
        { timeoutMs: 20_000, what: "the follower's indexer.fenced line" },
      )
      expect(fenced).toBeDefined()
      if (server.db.kind !== 'pglite') return // PostgreSQL: the follower lost no lock here, so it takes a newer epoch again and goes on

      // It stands by: the new transfer is not written by it…
      await new Promise((r) => setTimeout(r, 1_000)) // 20 of its polls
      expect(await hashes(server, owner)).toEqual([first])
      // …nor does a request about a new address make it write: it records the request and waits for the leader.
      const other = (await generateKeyPairSigner()).address
      await send.sol(solana.accounts[3]!.signer, other, 1_000_000_000n)
      expect(await history(other)).toEqual([])
      const [watched] = await server.db.query<{ wanted: boolean; synced: boolean }>(
        'select wanted_at is not null as wanted, synced_at is not null as synced from solana_watched where chain_id = $1 and address = $2',
        [chainId, other],
      )
      expect(watched).toEqual({ wanted: true, synced: false }) // asked of the leader, not synced by this instance
      expect(await server.db.query('select 1 from solana_signature_cursors where chain_id = $1 and account = $2', [chainId, other])).toEqual([])

      // The successor syncs under its epoch: its rows land, and the page shows them.
      await syncAddress(server.ctx, server.ctx.solanaRpc(chainId)!, chainId, owner, signal, successor)
      expect(await history(owner)).toEqual([second, first])
    } finally {
      await server.close()
    }
  }, 90_000)

  test('PostgreSQL, two instances on one database: the one not leading, asked about an address, answers with the leader’s sync of it', async ({ skip }) => {
    const shared = process.env.PORTICO_TEST_DATABASE_URL
    if (!shared) return skip()
    const schema = `test_${process.pid}_solana_${Math.floor(Math.random() * 1e9)}`
    const admin = new pg.Client({ connectionString: shared })
    await admin.connect()
    await admin.query(`create schema ${schema}`)
    const url = new URL(shared)
    url.searchParams.set('options', `-c search_path=${schema}`)
    const chainId = solana.caip2
    const servers: Server[] = []
    try {
      const leader = await startTestServer(solanaServerConfig(solana, { databaseUrl: url.toString() }))
      servers.push(leader)
      await waitFor(async () => (await leader.db.query('select 1 from indexer_leases where chain_id = $1', [chainId]))[0], {
        what: 'the first instance leading',
      })
      const other = await startTestServer(solanaServerConfig(solana, { databaseUrl: url.toString() }))
      servers.push(other)
      const owner = (await generateKeyPairSigner()).address
      const signature = await send.sol(solana.accounts[3]!.signer, owner, 1_000_000_000n)
      const res = await fetch(`${other.url}/v1/account/${owner}/history?projectId=portico-dev&chainId=${chainId}`)
      const body = (await res.json()) as { data: { metadata: { hash: string } }[] }
      expect(body.data.map((t) => t.metadata.hash)).toEqual([signature]) // the leader synced it while the request waited
      const [row] = await leader.db.query<{ done: boolean }>('select synced_at >= wanted_at as done from solana_watched where chain_id = $1 and address = $2', [
        chainId,
        owner,
      ])
      expect(row).toEqual({ done: true }) // asked for (wanted_at) and synced by the leader after that
      // Only the leader ever took the cluster's leadership (the other instance wrote nothing of its own).
      expect(await leader.db.query<{ epoch: string }>('select epoch::text as epoch from indexer_leases where chain_id = $1', [chainId])).toEqual([
        { epoch: '1' },
      ])
    } finally {
      for (const server of servers) await server.close()
      await admin.query(`drop schema if exists ${schema} cascade`)
      await admin.end()
    }
  }, 90_000)
})
