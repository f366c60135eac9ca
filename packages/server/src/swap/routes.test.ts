// @vitest-environment node
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer } from '../testing.js'

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({ rpcUrls: {}, rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000 } })
}, 30_000)
afterAll(() => server?.close())

const P = 'projectId=portico-dev'
const user = (chain: number) => `eip155:${chain}:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266`
const native = (chain: number) => `eip155:${chain}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`
const usdc = (chain: number) => `eip155:${chain}:0x5FbDB2315678afecb367f032d93F642f64180aa3`
const q = (params: Record<string, string>) => new URLSearchParams({ projectId: 'portico-dev', ...params }).toString()

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as { error: string } }
}

const requests = (chain: number) => ({
  quotes: ['GET', `/v1/convert/quotes?${q({ amount: '1000000', userAddress: user(chain), from: native(chain), to: usdc(chain) })}`],
  tokens: ['GET', `/v1/convert/tokens?${q({ chainId: `eip155:${chain}` })}`],
  allowance: ['GET', `/v1/convert/allowance?${q({ tokenAddress: usdc(chain), userAddress: user(chain) })}`],
  'build-approve': ['GET', `/v1/convert/build-approve?${q({ userAddress: user(chain), from: usdc(chain), to: native(chain), amount: '5' })}`],
  'build-transaction': ['POST', `/v1/convert/build-transaction?${P}`, { userAddress: user(chain), from: usdc(chain), to: native(chain), amount: '5', eip155: { slippage: '1' } }],
}) as Record<string, ['GET' | 'POST', string, unknown?]>

describe('/v1/convert/*', () => {
  test('error: a chain off the swap list is 400 Network not supported for Swaps', async () => {
    for (const [name, [method, path, body]] of Object.entries(requests(31337))) {
      expect(await call(method, path, body), name).toEqual({ status: 400, body: { error: 'Network not supported for Swaps' } })
    }
    expect(await call('GET', `/v1/convert/gas-price?${q({ chainId: 'eip155:31337' })}`)).toEqual({
      status: 400,
      body: { error: 'Network not supported for Gas Price' },
    })
    // Mixed chains and other namespaces are not swappable either.
    const mixed = `/v1/convert/quotes?${q({ amount: '1', userAddress: user(1), from: native(1), to: usdc(31337) })}`
    expect((await call('GET', mixed)).body.error).toBe('Network not supported for Swaps')
    expect((await call('GET', `/v1/convert/tokens?${q({ chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })}`)).status).toBe(400)
  })

  test('a chain on the swap list is 501 until the swap engine lands', async () => {
    for (const chain of [1, 8453, 1313161554]) {
      for (const [name, [method, path, body]] of Object.entries(requests(chain))) {
        expect(await call(method, path, body), `${name} on ${chain}`).toEqual({ status: 501, body: { error: 'Swaps are not available on this server yet' } })
      }
      expect((await call('GET', `/v1/convert/gas-price?${q({ chainId: `eip155:${chain}` })}`)).status).toBe(501)
    }
  })

  test('error: malformed params are 400 JSON, never 500', async () => {
    for (const path of [
      `/v1/convert/tokens?${P}`,
      `/v1/convert/tokens?${q({ chainId: 'garbage' })}`,
      `/v1/convert/gas-price?${q({ chainId: '' })}`,
      `/v1/convert/quotes?${q({ amount: '-1', userAddress: user(1), from: native(1), to: usdc(1) })}`,
      `/v1/convert/quotes?${q({ amount: '1e18', userAddress: user(1), from: native(1), to: usdc(1) })}`,
      `/v1/convert/quotes?${q({ amount: '1', userAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', from: native(1), to: usdc(1) })}`,
      `/v1/convert/allowance?${q({ tokenAddress: 'eip155:1', userAddress: user(1) })}`,
      `/v1/convert/build-approve?${q({ userAddress: user(1), from: usdc(1), to: native(1) })}`,
    ]) {
      const { status, body } = await call('GET', path)
      expect(status, path).toBe(400)
      expect(body.error, path).toBe('Invalid request')
    }
    for (const body of ['{oops', '"x"', {}, { userAddress: user(1), from: usdc(1), to: native(1), amount: 'lots' }, { userAddress: user(1), from: usdc(1), to: native(1), amount: '1', eip155: 'x' }]) {
      const res = await call('POST', `/v1/convert/build-transaction?${P}`, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    expect((await call('GET', '/v1/convert/tokens?chainId=eip155:1')).body).toEqual({ error: 'Project ID Missing' })
  })
})
