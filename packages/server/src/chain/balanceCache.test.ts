// @vitest-environment node
import { createServer, type Server } from 'node:http'
import { startDevnet, type Devnet } from '@portico/devnet'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestRedis, type TestRedis } from '../relay/testing.js'
import { takeEpoch } from '../indexer/fence.js'
import { resetChain } from '../indexer/store.js'
import { startTestServer } from '../testing.js'
import { memoryBalanceCache, tokenSetId } from './balanceCache.js'
import type { TokenBalance } from './balances.js'
import { devClients, devnetServerConfig, waitFor } from './testing.js'

let devnet: Devnet
let redis: TestRedis | null
let proxy: Server
let proxyUrl: string
/** Balance reads of `watched` that reached the chain (eth_getBalance / eth_call naming it), through the proxy. */
let watched = ''
let reads = 0

beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
  redis = await startTestRedis()
  // A counting pass-through in front of anvil's RPC (the real chain answers every call).
  const upstream = devnet.chains[0]!.rpcUrl
  proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    const lower = body.toLowerCase()
    if (watched && lower.includes(watched) && /"eth_(getbalance|call)"/.test(lower)) reads++
    const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`
}, 60_000)
afterAll(async () => {
  await new Promise((r) => proxy?.close(r))
  await redis?.stop()
  await devnet?.stop()
})

describe.each(['memory', 'redis'] as const)('balance cache (%s) on the real server', (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>> | undefined
  beforeAll(async () => {
    if (kind === 'redis' && !redis) return console.warn('redis-server is not installed: skipping the Redis case (.ci/run installs it)')
    const config = devnetServerConfig(devnet)
    server = await startTestServer({
      ...config,
      rpcUrls: { ...config.rpcUrls, 'eip155:31337': proxyUrl },
      ...(kind === 'redis' ? { redisUrl: redis!.url } : {}),
    })
  }, 60_000)
  afterAll(() => server?.close(), 30_000)

  const balance = async (address: string, headers?: Record<string, string>) => {
    const res = await fetch(`${server!.url}/v1/account/${address}/balance?projectId=portico-dev&chainId=eip155:31337&currency=usd`, { headers })
    expect(res.status).toBe(200)
    return ((await res.json()) as { balances: TokenBalance[] }).balances
  }

  test('a cached hit does no RPC; a transfer the indexer sees invalidates it', async ({ skip }) => {
    if (!server) return skip()
    expect(server.ctx.balanceCache?.kind).toBe(kind)
    const address = privateKeyToAddress(generatePrivateKey())
    watched = address.slice(2).toLowerCase()
    reads = 0
    const first = await balance(address)
    expect(first[0]!.quantity.numeric).toBe('0')
    const afterMiss = reads
    expect(afterMiss).toBeGreaterThan(0) // the miss read the chain
    for (let i = 0; i < 5; i++) expect(await balance(address)).toEqual(first)
    expect(reads).toBe(afterMiss) // five hits, no RPC

    // A transfer to the address: the indexer indexes its block and drops the cached entry well within the 30 s lifetime.
    const { wallet, client } = devClients(devnet.chains[0]!, devnet.accounts[3]!.privateKey)
    await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: address, value: parseEther('1.5') }) })
    const started = Date.now()
    const updated = await waitFor(
      async () => {
        const now = await balance(address)
        return now[0]!.quantity.numeric === '1.5' ? now : null
      },
      { timeoutMs: 20_000, intervalMs: 100, what: 'the new balance after the transfer' },
    )
    expect(Date.now() - started).toBeLessThan(20_000)
    expect(updated[0]!.value).toBeGreaterThan(0)
    expect(reads).toBeGreaterThan(afterMiss) // read again from the chain after the invalidation
    const settled = reads
    expect(await balance(address)).toEqual(updated)
    expect(reads).toBe(settled) // and cached again
  }, 60_000)

  test('Cache-Control: no-cache (a client right after its own transaction) reads the chain and keeps what it read', async ({ skip }) => {
    if (!server) return skip()
    const address = privateKeyToAddress(generatePrivateKey())
    watched = address.slice(2).toLowerCase()
    reads = 0
    await balance(address)
    const afterMiss = reads
    // Moved on the chain by a state override the indexer never sees: only a fresh read can know.
    await fetch(devnet.chains[0]!.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, '0xde0b6b3a7640000'] }),
    })
    expect((await balance(address))[0]!.quantity.numeric).toBe('0') // cached
    expect((await balance(address, { 'cache-control': 'no-cache' }))[0]!.quantity.numeric).toBe('1')
    expect(reads).toBeGreaterThan(afterMiss)
    const refreshed = reads
    expect((await balance(address))[0]!.quantity.numeric).toBe('1') // the fresh read was kept
    expect(reads).toBe(refreshed)
  }, 60_000)

  // Last in this server's tests: the reset's fencing token supersedes its indexer.
  test("a chain reset (another chain under the id, e.g. a restarted devnet) drops the chain's cached balances", async ({ skip }) => {
    if (!server) return skip()
    const address = privateKeyToAddress(generatePrivateKey())
    watched = address.slice(2).toLowerCase()
    expect((await balance(address))[0]!.quantity.numeric).toBe('0')
    // Moved by a state override the indexer never sees (as a new chain's balances would be): still cached.
    await fetch(devnet.chains[0]!.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, '0x1bc16d674ec80000'] }),
    })
    expect((await balance(address))[0]!.quantity.numeric).toBe('0')
    // What the indexer does when the chain under the id is another one (store.ts resetChain), under a leadership's fence.
    await resetChain(server.ctx, 'eip155:31337', 'test: a restarted devnet', await takeEpoch(server.db, 'eip155:31337'))
    expect((await balance(address))[0]!.quantity.numeric).toBe('2')
  }, 60_000)
})

describe('memoryBalanceCache', () => {
  const key = { chainId: 'eip155:1', address: '0xAbC0000000000000000000000000000000000001', tokenSet: tokenSetId([]) }
  const portfolio = (numeric: string): TokenBalance[] => [
    { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 0, price: 0, quantity: { decimals: '18', numeric }, iconUrl: '' },
  ]

  test("SPEC §9 portfolio lifetime: kept 30 s, read again after; other chains aren't cached", async () => {
    let t = 0
    const cache = memoryBalanceCache({ chains: ['eip155:1'], now: () => t })
    let loads = 0
    const load = async () => portfolio(String(++loads))
    expect(await cache.get(key, load)).toEqual(portfolio('1'))
    t = 29_999
    expect(await cache.get(key, load)).toEqual(portfolio('1'))
    t = 30_000
    expect(await cache.get(key, load)).toEqual(portfolio('2'))
    expect(cache.covers('eip155:1')).toBe(true)
    expect(cache.covers('eip155:10')).toBe(false)
  })

  test('keys: address case-free; another token set is another entry; invalidation drops every token set of the address', async () => {
    const cache = memoryBalanceCache({ chains: ['eip155:1'] })
    let loads = 0
    const load = async () => portfolio(String(++loads))
    await cache.get(key, load)
    await cache.get({ ...key, address: key.address.toLowerCase() }, load)
    expect(loads).toBe(1)
    await cache.get({ ...key, tokenSet: tokenSetId([{ address: '0x01' }]) }, load)
    expect(loads).toBe(2)
    await cache.invalidate('eip155:1', [key.address.toUpperCase().replace('0X', '0x')])
    await cache.get(key, load)
    await cache.get({ ...key, tokenSet: tokenSetId([{ address: '0x01' }]) }, load)
    expect(loads).toBe(4)
  })

  test('a read in flight when the address is invalidated is answered but not kept; concurrent misses share one read', async () => {
    const cache = memoryBalanceCache({ chains: ['eip155:1'] })
    let release!: () => void
    let loads = 0
    const slow = () =>
      new Promise<TokenBalance[]>((resolve) => {
        loads++
        release = () => resolve(portfolio('old'))
      })
    const a = cache.get(key, slow)
    const b = cache.get(key, slow)
    expect(loads).toBe(1)
    await cache.invalidate('eip155:1', [key.address])
    release()
    expect(await a).toEqual(portfolio('old'))
    expect(await b).toEqual(portfolio('old'))
    expect(await cache.get(key, async () => portfolio('new'))).toEqual(portfolio('new'))
  })

  test("clear(chain) drops that chain's entries only, and a read it overtook is not kept", async () => {
    const cache = memoryBalanceCache({ chains: ['eip155:1', 'eip155:10'] })
    let loads = 0
    const load = async () => portfolio(String(++loads))
    const other = { ...key, chainId: 'eip155:10' }
    await cache.get(key, load)
    await cache.get(other, load)
    let release!: () => void
    const slow = cache.get(
      { ...key, address: '0x0000000000000000000000000000000000000002' },
      () => new Promise((resolve) => (release = () => resolve(portfolio('old')))),
    )
    await cache.clear('eip155:1')
    release()
    expect(await slow).toEqual(portfolio('old'))
    expect(await cache.get(key, load)).toEqual(portfolio('3')) // read again
    expect(await cache.get(other, load)).toEqual(portfolio('2')) // kept
    expect(await cache.get({ ...key, address: '0x0000000000000000000000000000000000000002' }, load)).toEqual(portfolio('4')) // 'old' not kept
  })

  test('Solana addresses are keyed as they are (base58: case matters)', async () => {
    const cache = memoryBalanceCache({ chains: ['solana:devnet'] })
    let loads = 0
    const load = async () => portfolio(String(++loads))
    const sol = { chainId: 'solana:devnet', address: 'AbcDefGhijkLmnopQrstuvwxyz123456789ABCDEFGH', tokenSet: tokenSetId([]) }
    await cache.get(sol, load)
    expect(await cache.get({ ...sol, address: sol.address.toLowerCase() }, load)).toEqual(portfolio('2')) // another account
    await cache.invalidate('solana:devnet', [sol.address.toLowerCase()])
    expect(await cache.get(sol, load)).toEqual(portfolio('1')) // only the lowercase one was dropped
  })

  test('bounded: the least recently used entry goes first', async () => {
    const cache = memoryBalanceCache({ chains: ['eip155:1'], maxEntries: 2 })
    const at = (n: number) => ({ ...key, address: `0x${String(n).padStart(40, '0')}` })
    let loads = 0
    const load = async () => portfolio(String(++loads))
    await cache.get(at(1), load)
    await cache.get(at(2), load)
    await cache.get(at(1), load) // 1 is now the most recent
    await cache.get(at(3), load) // evicts 2
    expect(loads).toBe(3)
    await cache.get(at(1), load)
    expect(loads).toBe(3)
    await cache.get(at(2), load)
    expect(loads).toBe(4)
  })
})
