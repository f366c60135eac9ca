// @vitest-environment node
import { startDevnet, type Devnet } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { devnetServerConfig } from './testing.js'
import { startTestServer } from '../testing.js'

let devnet: Devnet
let server: Awaited<ReturnType<typeof startTestServer>>
const P = 'projectId=portico-dev'

beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
  server = await startTestServer(
    devnetServerConfig(devnet, {
      // The indexer is not under test here; a dead RPC checks the 502 path.
      indexer: { enabled: false, pollMs: 1000, batchBlocks: 20, backfillBlocks: 0 },
      rpcUrls: { ...devnetServerConfig(devnet).rpcUrls, 'eip155:999': 'http://127.0.0.1:1' },
    }),
  )
}, 30_000)
afterAll(async () => {
  await server?.close()
  await devnet?.stop()
})

const get = async (path: string) => {
  const res = await fetch(`${server.url}${path}`)
  return { status: res.status, body: (await res.json()) as any }
}
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as any }
}

describe('GET /v1/account/{address}/balance', () => {
  test('native ETH and devnet USDC with USD prices and icons', async () => {
    const address = devnet.accounts[1]!.address
    const { status, body } = await get(`/v1/account/${address}/balance?${P}&chainId=eip155:31337&currency=usd`)
    expect(status).toBe(200)
    expect(body.balances).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        value: 30_000_000,
        price: 3000,
        quantity: { decimals: '18', numeric: '10000' },
        iconUrl: `${server.url}/icons/tokens/ETH.svg`,
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: 'eip155:31337',
        address: `eip155:31337:${devnet.chains[0]!.usdc}`,
        value: 10_000,
        price: 1,
        quantity: { decimals: '6', numeric: '10000' },
        iconUrl: `${server.url}/icons/tokens/USDC.svg`,
      },
    ])
    const icon = await fetch(body.balances[1].iconUrl)
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toContain('image/svg+xml')
    expect(await icon.text()).toContain('USDC')
  })

  test('an address without tokens: native 0 present, zero ERC20s left out; lowercase address without 0x accepted', async () => {
    const { status, body } = await get(`/v1/account/${'ab'.repeat(20)}/balance?${P}&chainId=eip155:31338`)
    expect(status).toBe(200)
    expect(body.balances).toHaveLength(1)
    expect(body.balances[0]).toMatchObject({ symbol: 'ETH', chainId: 'eip155:31338', value: 0, quantity: { numeric: '0' } })
  })

  test('error: bad input is 400 JSON', async () => {
    const a = devnet.accounts[0]!.address
    for (const path of [
      `/v1/account/0x123/balance?${P}&chainId=eip155:31337`,
      `/v1/account/${a}zz/balance?${P}&chainId=eip155:31337`,
      `/v1/account/${encodeURIComponent("'; drop table projects; --")}/balance?${P}&chainId=eip155:31337`,
      `/v1/account/${a}/balance?${P}`,
      `/v1/account/${a}/balance?${P}&chainId=nonsense`,
      `/v1/account/${a}/balance?${P}&chainId=eip155:31337&currency=eur`,
    ]) {
      const { status, body } = await get(path)
      expect(status, path).toBe(400)
      expect(body.error, path).toBe('Invalid request')
    }
  })

  test('error: a chain without RPC is 400 with a clear message; a dead RPC is 502', async () => {
    const a = devnet.accounts[0]!.address
    const none = await get(`/v1/account/${a}/balance?${P}&chainId=eip155:1`)
    expect(none).toEqual({ status: 400, body: { error: 'Unsupported chain: no RPC is configured for eip155:1' } })
    const solana = await get(`/v1/account/${a}/balance?${P}&chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`)
    expect(solana.status).toBe(400)
    const dead = await get(`/v1/account/${a}/balance?${P}&chainId=eip155:999`)
    expect(dead).toEqual({ status: 502, body: { error: 'Token Balance Unavailable' } })
  })

  test('error: missing or unknown project', async () => {
    const a = devnet.accounts[0]!.address
    expect((await get(`/v1/account/${a}/balance?chainId=eip155:31337`)).status).toBe(400)
    expect((await get(`/v1/account/${a}/balance?projectId=nope&chainId=eip155:31337`)).status).toBe(403)
  })
})

describe('POST /v1/fungible/price', () => {
  test('prices native and configured tokens; leaves out what it cannot price', async () => {
    const usdc = devnet.chains[0]!.usdc
    const { status, body } = await post(`/v1/fungible/price?${P}`, {
      currency: 'usd',
      addresses: [
        'eip155:31337:native',
        `eip155:31338:${usdc.toLowerCase()}`,
        `eip155:31337:${devnet.chains[0]!.nft}`, // not a priced token
        'eip155:5:native', // no chain
      ],
    })
    expect(status).toBe(200)
    expect(body).toEqual({
      fungibles: [
        { name: 'Ether', symbol: 'ETH', iconUrl: `${server.url}/icons/tokens/ETH.svg`, price: 3000 },
        { name: 'USD Coin', symbol: 'USDC', iconUrl: `${server.url}/icons/tokens/USDC.svg`, price: 1 },
      ],
    })
  })

  test('error: garbage bodies are 400', async () => {
    for (const body of [
      '{not json',
      '[]',
      { currency: 'usd' },
      { currency: 'usd', addresses: [] },
      { currency: 'btc', addresses: ['eip155:31337:native'] },
      { currency: 'usd', addresses: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'] },
      { currency: 'usd', addresses: ['eip155:31337:0x12'] },
      { currency: 'usd', addresses: [42] },
      { currency: 'usd', addresses: Array(101).fill('eip155:31337:native') },
    ]) {
      const res = await post(`/v1/fungible/price?${P}`, body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(typeof res.body.error).toBe('string')
    }
  })
})

test('token icons: any safe symbol, 404 otherwise, no projectId needed', async () => {
  const ok = await fetch(`${server.url}/icons/tokens/WETH.svg`)
  expect(ok.status).toBe(200)
  expect(await ok.text()).toMatch(/^<svg[\s\S]*WETH[\s\S]*<\/svg>$/)
  expect((await fetch(`${server.url}/icons/tokens/${encodeURIComponent('<script>')}.svg`)).status).toBe(404)
  expect((await fetch(`${server.url}/icons/tokens/ETH.png`)).status).toBe(404)
})

test('the OpenAPI document lists the routes', async () => {
  const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, unknown> }
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(['/v1/account/{address}/balance', '/v1/fungible/price', '/v1/account/{address}/history', '/v1/convert/quotes']),
  )
})
