import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startRpcStandInServer, UPSTREAM_SECRET } from './testing.js'

/**
 * Attack: the /frame page published the server's chain RPC URLs, which often hold a provider
 * key. Now the page names only chain ids, and the frame reads through POST /v1/rpc/{caip2},
 * which forwards only read methods. The upstream here is a local JSON-RPC stand-in whose URL
 * carries a secret, so that the tests can look for it and see what was forwarded.
 */
const SECRET = UPSTREAM_SECRET
let stack: Awaited<ReturnType<typeof startRpcStandInServer>>
let server: typeof stack.server
let upstreamUrl: string
let forwarded: string[]

beforeAll(async () => {
  stack = await startRpcStandInServer({
    answer: (method) => (method === 'eth_blockNumber' ? '0x2a' : '0x0'),
    chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
    secureFrame: true,
    rpcPerIpPerMinute: 40,
  })
  ;({ server, upstreamUrl, forwarded } = stack)
}, 60_000)
afterAll(() => stack?.close())

const rpc = (body: unknown, { chain = 'eip155:1', project = 'portico-dev', origin }: { chain?: string; project?: string; origin?: string } = {}) =>
  fetch(`${server.url}/v1/rpc/${chain}?projectId=${project}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    body: JSON.stringify(body),
  })
const call = (method: string, params: unknown[] = [], id = 1) => ({ jsonrpc: '2.0', id, method, params })

describe('attack: reading the upstream RPC URL from the frame', () => {
  test('the /frame page, its config and its headers name no upstream RPC URL', async () => {
    const secure = server.embedded!.secureFrameUrl
    for (const query of [
      'projectId=portico-dev',
      'projectId=portico-dev&chainId=1',
      'projectId=portico-dev&chainId=1&rpcUrl=https%3A%2F%2Fhost-rpc.example%2F',
    ]) {
      const res = await fetch(`${secure}/frame?${query}`)
      expect(res.status).toBe(200)
      const html = await res.text()
      const headers = JSON.stringify([...res.headers])
      for (const text of [html, headers]) {
        expect(text).not.toContain(SECRET)
        expect(text).not.toContain(new URL(upstreamUrl).host)
      }
      const config = JSON.parse(/data-config="([^"]*)"/.exec(html)![1]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))) as Record<
        string,
        unknown
      >
      expect(config.rpcChains).toEqual(['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])
      expect(config).not.toHaveProperty('rpcUrls')
    }
  })
})

describe('attack: using the read proxy for anything but reads', () => {
  test('reads are forwarded and answered; the upstream URL is in no answer', async () => {
    forwarded.length = 0
    const res = await rpc(call('eth_blockNumber'))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x2a' })
    const batch = await rpc([call('eth_chainId', [], 1), call('eth_getBalance', ['0x0000000000000000000000000000000000000001', 'latest'], 2)])
    expect(((await batch.json()) as unknown[]).length).toBe(2)
    expect(forwarded).toEqual(['eth_blockNumber', 'eth_chainId', 'eth_getBalance'])
  })

  test('signing, account, admin, debug, mining and devnet methods are refused and never reach the chain', async () => {
    forwarded.length = 0
    const refused = [
      'eth_sendTransaction',
      'eth_sign',
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_signTransaction',
      'eth_accounts',
      'eth_coinbase',
      'personal_unlockAccount',
      'personal_importRawKey',
      'admin_addPeer',
      'admin_nodeInfo',
      'debug_traceTransaction',
      'debug_setHead',
      'miner_start',
      'txpool_content',
      'anvil_setBalance',
      'anvil_impersonateAccount',
      'hardhat_setBalance',
      'evm_mine',
      'eth_subscribe',
      'ETH_BLOCKNUMBER',
      'eth_blockNumber ',
    ]
    for (const method of refused) {
      const res = await rpc(call(method))
      expect(res.status, method).toBe(403)
      expect(await res.json(), method).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Requested RPC call is not allowed' } })
    }
    // One bad call hides in a batch of good ones: the whole batch is refused.
    expect((await rpc([call('eth_blockNumber', [], 1), call('anvil_setBalance', ['0x0000000000000000000000000000000000000001', '0x1'], 2)])).status).toBe(403)
    // Solana: reads pass, a faucet does not.
    expect((await rpc(call('requestAirdrop', ['x', 1]), { chain: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).status).toBe(403)
    expect(forwarded).toEqual([])
  })

  test('a signed transaction may be broadcast (it only relays what its signer already signed)', async () => {
    forwarded.length = 0
    expect((await rpc(call('eth_sendRawTransaction', ['0x02f86b01']))).status).toBe(200)
    expect(forwarded).toEqual(['eth_sendRawTransaction'])
  })

  test('extra fields do not travel upstream, malformed requests and big batches are refused', async () => {
    expect((await rpc({ jsonrpc: '1.0', id: 1, method: 'eth_blockNumber' })).status).toBe(400)
    expect((await rpc({ id: 1, method: 'eth_blockNumber' })).status).toBe(400)
    expect((await rpc([])).status).toBe(400)
    expect((await rpc(Array.from({ length: 21 }, (_, i) => call('eth_blockNumber', [], i)))).status).toBe(400)
    const raw = await fetch(`${server.url}/v1/rpc/eip155:1?projectId=portico-dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    })
    expect(raw.status).toBe(400)
  })

  test('unknown chains, unknown projects and forged origins are refused', async () => {
    expect((await rpc(call('eth_blockNumber'), { chain: 'eip155:5' })).status).toBe(404)
    expect((await rpc(call('eth_blockNumber'), { project: 'nope' })).status).toBe(403)
    expect((await rpc(call('eth_blockNumber'), { origin: 'https://evil.example' })).status).toBe(403)
    const fromFrame = await rpc(call('eth_blockNumber'), { origin: server.embedded!.secureFrameUrl })
    expect(fromFrame.status).toBe(200)
    expect(fromFrame.headers.get('access-control-allow-origin')).toBe(server.embedded!.secureFrameUrl)
  })

  test('reads are rate limited per client IP', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 45; i++) statuses.push((await rpc(call('eth_blockNumber'))).status)
    expect(statuses).toContain(429)
  })
})
