import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { loadConfig } from '../config.js'
import { configPriceSource } from './prices.js'

/**
 * The price source against a local server that answers a CoinGecko-compatible API's documented
 * paths and shapes: /simple/price?ids=&vs_currencies= and /simple/token_price/{platform}?contract_addresses=.
 */
const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const requests: Array<{ url: string; key: string | undefined }> = []
let server: Server
let base = ''
let slow = false

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ url: req.url!, key: req.headers['x-cg-pro-api-key'] as string | undefined })
    const url = new URL(req.url!, 'http://x')
    const answer = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (slow) return setTimeout(() => answer({ ethereum: { usd: 1 } }), 2_000)
    if (url.pathname === '/api/v3/simple/price' && url.searchParams.get('ids') === 'ethereum') return answer({ ethereum: { usd: 3456.78 } })
    if (url.pathname === '/api/v3/simple/token_price/base' && url.searchParams.get('contract_addresses') === USDC.toLowerCase())
      return answer({ [USDC.toLowerCase()]: { usd: 0.9998 } })
    if (url.pathname.startsWith('/api/v3/simple/token_price/')) return answer({})
    res.writeHead(500).end()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v3`
})
afterAll(() => new Promise((r) => server.close(r)))

const source = (extra: { baseUrl?: string; timeoutMs?: number } = {}) => {
  const config = loadConfig(['--dev'], {
    PORTICO_PRICE_API_BASE_URL: extra.baseUrl ?? base,
    PORTICO_PRICE_API_API_KEY: 'k-123',
    PORTICO_PRICE_API_CHAINS: JSON.stringify({ 'eip155:8453': { platform: 'base', nativeCoinId: 'ethereum' } }),
    ...(extra.timeoutMs ? { PORTICO_PRICE_API_TIMEOUT_MS: String(extra.timeoutMs) } : {}),
  })
  return configPriceSource(config)
}

test('native and token prices from the API, the key in its header, cached for 15 s', async () => {
  requests.length = 0
  const prices = source()
  expect(await prices.price({ chainId: 'eip155:8453', symbol: 'ETH' }, 'usd')).toBe(3456.78)
  expect(await prices.price({ chainId: 'eip155:8453', address: USDC, symbol: 'USDC' }, 'usd')).toBe(0.9998)
  expect(await prices.price({ chainId: 'eip155:8453', address: USDC, symbol: 'USDC' }, 'usd')).toBe(0.9998)
  expect(requests).toHaveLength(2)
  expect(requests.every((r) => r.key === 'k-123')).toBe(true)
})

test('price unavailable, never a made-up number: unknown token, unknown chain, a failing or slow API', async () => {
  const prices = source({ timeoutMs: 300 })
  expect(await prices.price({ chainId: 'eip155:8453', address: '0x0000000000000000000000000000000000000001', symbol: 'USDC' }, 'usd')).toBeUndefined()
  expect(await prices.price({ chainId: 'eip155:1', symbol: 'ETH' }, 'usd')).toBeUndefined()
  slow = true
  const started = Date.now()
  expect(await source({ timeoutMs: 300 }).price({ chainId: 'eip155:8453', symbol: 'ETH' }, 'usd')).toBeUndefined()
  expect(Date.now() - started).toBeLessThan(1_500)
  slow = false
  expect(await source({ baseUrl: 'http://127.0.0.1:1/api/v3' }).price({ chainId: 'eip155:8453', symbol: 'ETH' }, 'usd')).toBeUndefined()
})
