// @vitest-environment node
import { createServer, type Server } from 'node:http'
import { startBitcoinDevnet, type BitcoinDevnet } from '@portico/devnet/bitcoin'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_CONFIG } from '../config.js'
import { startTestServer } from '../testing.js'

/**
 * The follower reads an address's stats when the API is first asked about it, and then every pollMs: API
 * requests in between read nothing from Esplora (a real regtest node behind a pass-through that counts reads).
 */
let devnet: BitcoinDevnet
let proxy: Server
let server: Awaited<ReturnType<typeof startTestServer>>
const reads: string[] = []

beforeAll(async () => {
  devnet = await startBitcoinDevnet({ randomPorts: true, blockIntervalMs: 0 })
  proxy = createServer(async (req, res) => {
    reads.push(req.url ?? '')
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const answer = await fetch(`${devnet.url}${req.url}`, { method: req.method, ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}) })
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' }).end(await answer.text())
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  server = await startTestServer({
    rpcUrls: { [devnet.caip2]: `http://127.0.0.1:${(proxy.address() as { port: number }).port}` },
    // One step at start, then none during the test: only API requests could read.
    indexer: { ...DEFAULT_CONFIG.indexer!, pollMs: 60_000 },
    rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000 },
  })
}, 120_000)
afterAll(async () => {
  await server?.close()
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()))
  await devnet?.stop()
})

describe('bip122 follower (real regtest node)', () => {
  test('rule: an address read within pollMs is not read again for an API request; its first request waits for the first read', async () => {
    const address = devnet.accounts[1]!.payment.address
    const history = async () => {
      const res = await fetch(`${server.url}/v1/account/${address}/history?projectId=portico-dev&chainId=${devnet.caip2}`)
      expect(res.status).toBe(200)
      return ((await res.json()) as { data: unknown[] }).data
    }
    const statsReads = () => reads.filter((url) => url === `/address/${address}`).length
    // The first request: the address is read (stats, then its transactions) before the page is answered.
    expect((await history()).length).toBeGreaterThan(0)
    expect(statsReads()).toBe(1)
    // Five more requests within pollMs: nothing read again; the same rows.
    for (let i = 0; i < 5; i++) expect((await history()).length).toBeGreaterThan(0)
    expect(statsReads()).toBe(1)
  }, 60_000)
})
