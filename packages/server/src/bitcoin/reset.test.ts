// @vitest-environment node
import { createServer, type Server } from 'node:http'
import { secp256k1 } from '@noble/curves/secp256k1'
import { startBitcoinDevnet, type BitcoinDevnet } from '@portico/devnet/bitcoin'
import { p2wpkh } from '@scure/btc-signer'
import { pubECDSA } from '@scure/btc-signer/utils.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_CONFIG } from '../config.js'
import { startTestServer } from '../testing.js'
import { REGTEST_NETWORK } from './networks.js'

/**
 * A restarted local Bitcoin chain (what `npm start` does to its devnet): its tip goes down, so the follower
 * drops the chain's history and cached balances and reads the new chain. Two real regtest nodes (the same
 * genesis, so the same CAIP-2 id) behind a pass-through the test points at one, then the other.
 */
let first: BitcoinDevnet
let second: BitcoinDevnet
let target = ''
let proxy: Server
let server: Awaited<ReturnType<typeof startTestServer>>

beforeAll(async () => {
  ;[first, second] = await Promise.all([
    startBitcoinDevnet({ randomPorts: true, blockIntervalMs: 0 }),
    startBitcoinDevnet({ randomPorts: true, blockIntervalMs: 0 }),
  ])
  target = first.url
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const answer = await fetch(`${target}${req.url}`, { method: req.method, ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}) })
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' }).end(await answer.text())
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  server = await startTestServer({
    rpcUrls: { [first.caip2]: `http://127.0.0.1:${(proxy.address() as { port: number }).port}` },
    indexer: { ...DEFAULT_CONFIG.indexer!, pollMs: 50 },
    rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000 },
  })
}, 120_000)
afterAll(async () => {
  await server?.close()
  await new Promise((r) => proxy?.close(r))
  await Promise.all([first?.stop(), second?.stop()])
})

const api = async (path: string) => {
  const res = await fetch(`${server.url}${path}&projectId=portico-dev`)
  expect(res.status).toBe(200)
  return res.json() as Promise<any>
}
const balance = async (address: string) => (await api(`/v1/account/${address}/balance?chainId=${first.caip2}&currency=usd`)).balances[0].quantity.numeric
const hashes = async (address: string) => ((await api(`/v1/account/${address}/history?chainId=${first.caip2}`)).data as any[]).map((t) => t.metadata.hash)
const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> => {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > end) return value
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('a restarted Bitcoin chain', () => {
  test('the follower drops the history and cached balance of a chain whose tip went down, and reads the new one', async () => {
    expect(first.caip2).toBe(second.caip2)
    const address = p2wpkh(pubECDSA(secp256k1.utils.randomPrivateKey(), true), REGTEST_NETWORK).address!
    expect(await balance(address)).toBe('0') // followed from now on; cached
    const before = await first.fund(address, 100_000_000n)
    await first.mine(3)
    expect(
      await until(
        () => hashes(address),
        (h) => h.length === 1,
      ),
    ).toEqual([before])
    expect(
      await until(
        () => balance(address),
        (b) => b === '1',
      ),
    ).toBe('1')

    // The chain restarts (a lower tip): what was recorded is dropped, and the address holds what the new chain says.
    target = second.url
    expect(
      await until(
        () => hashes(address),
        (h) => h.length === 0,
      ),
    ).toEqual([])
    expect(
      await until(
        () => balance(address),
        (b) => b === '0',
      ),
    ).toBe('0')
    const after = await second.fund(address, 250_000_000n)
    expect(
      await until(
        () => hashes(address),
        (h) => h.length === 1,
      ),
    ).toEqual([after])
    expect(
      await until(
        () => balance(address),
        (b) => b === '2.5',
      ),
    ).toBe('2.5')
  }, 60_000)
})
