// @vitest-environment node
import { startDevnet, type Devnet } from '@portico/devnet'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devClients, devnetServerConfig, waitFor } from '../chain/testing.js'
import { startTestServer } from '../testing.js'
import { lockId } from './leader.js'

/**
 * Several instances on one PostgreSQL (PORTICO_TEST_DATABASE_URL; .ci/run provides one): the
 * migrations run once under a held lock, each chain has one indexer across instances, and a
 * standby takes over when the leader goes (graceful stop, or its lock session dies).
 */
const shared = process.env.PORTICO_TEST_DATABASE_URL
const CHAINS = ['eip155:31337', 'eip155:31338']
type Server = Awaited<ReturnType<typeof startTestServer>>

describe.skipIf(!shared)('indexer leadership on PostgreSQL (skipped: PORTICO_TEST_DATABASE_URL is not set)', () => {
  let devnet: Devnet
  let admin: pg.Client
  const schema = `leader_${process.pid}_${Date.now().toString(36)}`
  let url: string
  beforeAll(async () => {
    devnet = await startDevnet({ randomPorts: true })
    admin = new pg.Client({ connectionString: shared })
    await admin.connect()
    await admin.query(`create schema ${schema}`)
    const u = new URL(shared!)
    u.searchParams.set('options', `-c search_path=${schema}`)
    url = u.toString()
  }, 30_000)
  afterAll(async () => {
    await admin?.query(`drop schema if exists ${schema} cascade`)
    await admin?.end()
    await devnet?.stop()
  })

  const leaders = async (server: Server) => {
    const text = await (await fetch(`${server.url}/metrics`)).text()
    return CHAINS.filter((id) => text.includes(`portico_indexer_leader{chain="${id}"} 1`))
  }
  /** Each chain's leaders across the instances, once every chain has exactly one. */
  const oneLeaderEach = (servers: Server[], what: string) =>
    waitFor(
      async () => {
        const held = await Promise.all(servers.map(leaders))
        return CHAINS.every((id) => held.filter((h) => h.includes(id)).length === 1) ? held : null
      },
      { timeoutMs: 30_000, intervalMs: 100, what },
    )

  test('two instances: migrations once, one leader per chain, a standby takes over within 30 s', async () => {
    const config = devnetServerConfig(devnet, { databaseUrl: url })
    config.indexer = { ...config.indexer!, leaderRetryMs: 250 }
    // Started together on an empty schema: the second waits for the first one's migrations.
    const [a, b] = await Promise.all([startTestServer(config), startTestServer(config)])
    let stopped: Server | undefined
    try {
      const files = readdirSync(fileURLToPath(new URL('../../migrations', import.meta.url))).filter((f) => f.endsWith('.sql'))
      const { rows } = await admin.query(`select name from ${schema}.portico_migrations`)
      expect(rows.map((r) => r.name).sort()).toEqual(files.sort())

      const held = await oneLeaderEach([a!, b!], 'one leader per chain')
      for (const server of [a!, b!]) expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ ok: true, database: true, indexer: true })
      // Still one each a moment later: the standby's tries fail while the leader lives.
      await new Promise((r) => setTimeout(r, 1000))
      expect(await Promise.all([leaders(a!), leaders(b!)])).toEqual(held)

      // The leader's lock session dies (what PostgreSQL does when its host or process vanishes).
      const started = Date.now()
      // Only this test's locks (its schema's chains): other test files may hold advisory locks in the same database.
      const [{ db }] = (await admin.query('select current_database() as db')).rows as [{ db: string }]
      const ids = CHAINS.map((id) => BigInt.asUintN(64, lockId(`${db}/${schema}`, id)))
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and objsubid = 1 and (classid::bigint << 32 | objid::bigint) = any($1::bigint[])`,
        [ids.map((id) => BigInt.asIntN(64, id).toString())],
      )
      expect(rowCount).toBeGreaterThan(0)
      await oneLeaderEach([a!, b!], 'leaders again after the lock sessions died')
      expect(Date.now() - started).toBeLessThan(30_000)

      // A graceful stop releases the locks: the other instance leads every chain, and indexes.
      const [first, second] = (await leaders(a!)).length > 0 ? [a!, b!] : [b!, a!]
      await first.close()
      stopped = first
      await waitFor(async () => (await leaders(second)).length === CHAINS.length, { timeoutMs: 30_000, what: 'the other instance leading every chain' })
      const { wallet, client } = devClients(devnet.chains[0]!, devnet.accounts[2]!.privateKey)
      const hash = await wallet.sendTransaction({ to: devnet.accounts[1]!.address, value: parseEther('1') })
      await client.waitForTransactionReceipt({ hash })
      await waitFor(async () => (await second.db.query('select 1 from chain_transactions where hash = $1', [hash])).length === 1, {
        timeoutMs: 20_000,
        what: 'the new leader indexing',
      })
    } finally {
      for (const server of [a, b]) if (server && server !== stopped) await server.close()
    }
  }, 120_000)
})
