// @vitest-environment node
import { startDevnet, type Devnet } from '@portico/devnet'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseEther, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devClients, devnetServerConfig, waitFor } from '../chain/testing.js'
import { startTestServer } from '../testing.js'
import { DEFAULT_CONFIG } from '../config.js'
import { evmClients, type ServerContext } from '../context.js'
import { startIndexer } from './indexer.js'
import { parseTransferLog, TRANSFER_TOPIC } from './step.js'
import { ZERO_ADDRESS } from './store.js'

let devnet: Devnet
let dataDir: string
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
  dataDir = mkdtempSync(join(tmpdir(), 'portico-indexer-'))
}, 30_000)
afterAll(async () => {
  await devnet?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

const cursorOf = async (db: { query: <T>(sql: string, p?: unknown[]) => Promise<T[]> }, chainId: string) =>
  (await db.query<{ n: string; hash: string }>('select block_number::text as n, block_hash as hash from chain_cursors where chain_id = $1', [chainId]))[0]

describe('indexer', () => {
  test('resumes from its cursor after a restart on the same database, and re-indexes after a chain reset', async () => {
    const chainId = 'eip155:31337'
    const chain = devnet.chains[0]!
    const { wallet, client } = devClients(chain, devnet.accounts[3]!.privateKey)
    const config = { ...devnetServerConfig(devnet), dataDir, databaseUrl: undefined }

    // 1. Index the fixtures up to the head.
    const head1 = await client.getBlockNumber({ cacheTime: 0 })
    let server = await startTestServer(config)
    let marker: { hash: string } | undefined
    try {
      await waitFor(async () => BigInt((await cursorOf(server.db, chainId))?.n ?? -1) >= head1, { what: 'the cursor to reach the head' })
      // A marker: an indexed row below the cursor, removed. Resuming must not re-read old blocks.
      ;[marker] = await server.db.query<{ hash: string }>('select hash from chain_transactions where chain_id = $1 order by block_number limit 1', [chainId])
      expect(marker).toBeDefined()
      await server.db.query('delete from account_transactions where chain_id = $1 and hash = $2', [chainId, marker!.hash])
    } finally {
      await server.close()
    }

    // 2. While the server is down: a new transfer, which resuming must pick up.
    const hash = await wallet.sendTransaction({ to: devnet.accounts[4]!.address, value: parseEther('1') })
    await client.waitForTransactionReceipt({ hash })
    const freshDevnet = startDevnet({ randomPorts: true }) // for step 3, started early

    server = await startTestServer(config)
    try {
      const a3 = devnet.accounts[3]!.address
      const listed = await waitFor(
        async () => {
          const res = await fetch(`${server.url}/v1/account/${a3}/history?projectId=portico-dev&chainId=${chainId}`)
          const body = (await res.json()) as { data: { metadata: { hash: string } }[] }
          return body.data.some((t) => t.metadata.hash === hash) ? body.data : null
        },
        { what: 'the transfer sent while the server was down' },
      )
      expect(listed.map((t) => t.metadata.hash)).toEqual([hash, expect.any(String)]) // the send and the USDC mint
      const again = await server.db.query('select 1 from account_transactions where chain_id = $1 and hash = $2', [chainId, marker!.hash])
      expect(again).toEqual([])
      const rows = await server.db.query<{ n: string }>('select count(*)::text as n from chain_transactions where chain_id = $1 and hash = $2', [chainId, hash])
      expect(rows[0]!.n).toBe('1')
    } finally {
      await server.close()
    }

    // 3. A fresh devnet on the same chain ids (what `npm start` does after a devnet restart):
    //    the indexed blocks no longer exist, so the chain's data is dropped and indexed again.
    //    Chain 2 was not touched: the fresh chain has the same height, but other block hashes.
    const fresh = await freshDevnet
    try {
      server = await startTestServer({ ...devnetServerConfig(fresh), dataDir, databaseUrl: undefined })
      for (const [i, id] of ['eip155:31337', 'eip155:31338'].entries()) {
        const head = await devClients(fresh.chains[i]!, fresh.accounts[0]!.privateKey).client.getBlock({ blockTag: 'latest' })
        await waitFor(async () => (await cursorOf(server.db, id))?.hash === head.hash.toLowerCase(), { what: `the re-indexed cursor of ${id}` })
      }
      const gone = await server.db.query('select 1 from chain_transactions where chain_id = $1 and hash = $2', [chainId, hash])
      expect(gone).toEqual([])
      await server.close()
    } finally {
      await fresh.stop()
    }
  }, 60_000)

  test('survives an unreachable RPC: logs, retries with backoff, stops promptly', async () => {
    const logs: string[] = []
    const queries: string[] = []
    const config = { ...DEFAULT_CONFIG, rpcUrls: { 'eip155:31337': 'http://127.0.0.1:1' } }
    const ctx = {
      config,
      // Answers only the leadership's fencing token (fence.ts); every other read finds nothing.
      db: { query: async (sql: string) => (queries.push(sql), sql.includes('into indexer_leases') ? [{ epoch: '1' }] : []) } as unknown as ServerContext['db'],
      rateLimiter: undefined as never,
      projects: async () => null,
      evmClient: evmClients(config.rpcUrls),
      solanaRpc: () => undefined,
      onClose: () => undefined,
      log: (...args: unknown[]) => void logs.push(args.map(String).join(' ')),
    } satisfies ServerContext
    const indexer = startIndexer(ctx, { pollMs: 10 })
    expect(indexer.chains).toEqual(['eip155:31337'])
    await waitFor(async () => logs.length > 0, { what: 'a logged failure' })
    expect(logs[0]).toMatch(/^indexer eip155:31337: failed, retrying:/)
    const started = Date.now()
    await indexer.stop()
    expect(Date.now() - started).toBeLessThan(3_500)
    expect(logs.length).toBe(1) // backoff: no log flood
    expect(queries.filter((q) => !q.includes('into indexer_leases')).every((q) => q.startsWith('select'))).toBe(true) // no indexed data written
  })

  test('enabled: false starts nothing', async () => {
    const config = { ...DEFAULT_CONFIG, indexer: { ...DEFAULT_CONFIG.indexer!, enabled: false } }
    const indexer = startIndexer({ config, evmClient: evmClients(config.rpcUrls) } as unknown as ServerContext)
    expect(indexer.chains).toEqual([])
    await indexer.stop()
  })
})

test('parseTransferLog: ERC20 and ERC721 Transfer logs; anything else ignored', () => {
  const word = (hex: string) => `0x${hex.replace(/^0x/, '').padStart(64, '0')}`
  const from = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
  const to = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
  expect(parseTransferLog([TRANSFER_TOPIC, word(from), word(to)], word(toHex(5_000_000n)))).toEqual({
    kind: 'erc20',
    from,
    to,
    amount: '5000000',
    tokenId: null,
  })
  expect(parseTransferLog([TRANSFER_TOPIC, word(ZERO_ADDRESS), word(to), word('0x2a')], '0x')).toEqual({
    kind: 'erc721',
    from: ZERO_ADDRESS,
    to,
    amount: '1',
    tokenId: '42',
  })
  expect(parseTransferLog([TRANSFER_TOPIC, word(from)], word('0x1'))).toBeNull()
  expect(parseTransferLog([TRANSFER_TOPIC, word(from), word(to)], '0x')).toBeNull()
  expect(parseTransferLog([word('0x1'), word(from), word(to)], word('0x1'))).toBeNull()
  expect(parseTransferLog([TRANSFER_TOPIC, 'garbage', word(to)], word('0x1'))).toBeNull()
})
