import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startRpcStandInServer, UPSTREAM_SECRET } from './testing.js'

/**
 * SPEC §7 'A chain-specific RPC host is used for a known list of chains:
 * {rpc}/v1/?chainId={id}&projectId={projectId}' — the Portico server is that host. The attacks of
 * the read proxy (rpc.test.ts) against this path too: the real server, its real rate limiter and
 * project check; the chain is a local JSON-RPC stand-in whose URL carries a secret and records
 * what reached it.
 */
const SECRET = UPSTREAM_SECRET
let stack: Awaited<ReturnType<typeof startRpcStandInServer>>
let server: typeof stack.server
let forwarded: string[]

beforeAll(async () => {
  stack = await startRpcStandInServer({
    answer: (method) => (method === 'eth_chainId' ? '0x1' : '0x2a'),
    chains: ['eip155:1'],
    rpcPerIpPerMinute: 60,
  })
  ;({ server, forwarded } = stack)
}, 60_000)
afterAll(() => stack?.close())

const host = (body: unknown, query = 'chainId=eip155:1&projectId=portico-dev', headers: Record<string, string> = {}) =>
  fetch(`${server.url}/v1/?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const call = (method: string, params: unknown[] = [], id = 1) => ({ jsonrpc: '2.0', id, method, params })

describe('SPEC §7 chain-specific RPC host: {rpc}/v1/?chainId={id}&projectId={projectId}', () => {
  test('rule: a served chain is read through /v1/?chainId=…&projectId=…, as a CAIP-2 id or an EVM chain id; the upstream URL is in no answer', async () => {
    forwarded.length = 0
    const res = await host(call('eth_blockNumber'))
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', id: 1, result: '0x2a' })
    expect(text + JSON.stringify([...res.headers])).not.toContain(SECRET)
    expect(await (await host(call('eth_chainId'), 'chainId=1&projectId=portico-dev')).json()).toMatchObject({ result: '0x1' })
    const batch = await host([call('eth_chainId', [], 1), call('eth_getBalance', ['0x0000000000000000000000000000000000000001', 'latest'], 2)])
    expect(((await batch.json()) as unknown[]).length).toBe(2)
    expect(forwarded).toEqual(['eth_blockNumber', 'eth_chainId', 'eth_chainId', 'eth_getBalance'])
  })

  test('attack: signing, account, admin, debug and devnet methods are refused with SPEC text and never reach the chain', async () => {
    forwarded.length = 0
    for (const method of ['eth_sendTransaction', 'personal_sign', 'eth_accounts', 'admin_addPeer', 'debug_traceTransaction', 'anvil_setBalance', 'evm_mine']) {
      const res = await host(call(method))
      expect(res.status, method).toBe(403)
      expect(await res.json(), method).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Requested RPC call is not allowed' } })
    }
    expect((await host([call('eth_blockNumber', [], 1), call('anvil_impersonateAccount', ['0x0000000000000000000000000000000000000001'], 2)])).status).toBe(403)
    expect(forwarded).toEqual([])
  })

  test('attack: a chainId that is no chain id (a path, a URL, empty, absent) is refused with 400; a chain the server does not serve with 404', async () => {
    forwarded.length = 0
    for (const chainId of ['eip155:1/../../admin', 'http://127.0.0.1:1/', encodeURIComponent('eip155:1#x'), '', 'eip155:', '1e3'])
      expect((await host(call('eth_blockNumber'), `chainId=${chainId}&projectId=portico-dev`)).status, chainId).toBe(400)
    expect((await host(call('eth_blockNumber'), 'projectId=portico-dev')).status).toBe(400)
    expect((await host(call('eth_blockNumber'), 'chainId=eip155:5&projectId=portico-dev')).status).toBe(404)
    expect(forwarded).toEqual([])
  })

  test('attack: no project, an unknown project, a forged origin are refused', async () => {
    const missing = await host(call('eth_blockNumber'), 'chainId=eip155:1')
    expect(missing.status).toBe(400)
    expect((await host(call('eth_blockNumber'), 'chainId=eip155:1&projectId=nope')).status).toBe(403)
    expect((await host(call('eth_blockNumber'), undefined, { origin: 'https://evil.example' })).status).toBe(403)
  })

  test('attack: the host is rate limited per client IP (one budget with /v1/rpc/{caip2})', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 65; i++) statuses.push((await host(call('eth_blockNumber'))).status)
    expect(statuses).toContain(429)
    expect(
      (
        await fetch(`${server.url}/v1/rpc/eip155:1?projectId=portico-dev`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(call('eth_blockNumber')),
        })
      ).status,
    ).toBe(429)
  })

  test('attack: malformed JSON, a batch over 20, and a body over the RPC limit are refused (last: the server closes the connection of a body over its limit)', async () => {
    expect((await host('{nope')).status).toBe(400)
    expect((await host(Array.from({ length: 21 }, (_, i) => call('eth_blockNumber', [], i)))).status).toBe(400)
    expect((await host(call('eth_sendRawTransaction', [`0x${'00'.repeat(600 * 1024)}`]))).status).toBe(413)
  })
})
