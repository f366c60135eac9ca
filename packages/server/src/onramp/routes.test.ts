import { startDevnet, usdcAbi, DEV_ACCOUNTS, type Devnet } from '@portico/devnet'
import { createPublicClient, http, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEV_PROJECT } from '../config.js'
import { SANDBOX_PUBLIC_KEY } from './sandbox.js'
import { startTestServer } from '../testing.js'

const BUYER = DEV_ACCOUNTS[3]!.address
const SOLANA = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

let devnet: Devnet
let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
  server = await startTestServer({
    rpcUrls: { 'eip155:31337': devnet.chains[0]!.rpcUrl, 'eip155:31338': devnet.chains[1]!.rpcUrl },
  })
}, 60_000)
afterAll(async () => {
  await server?.close()
  await devnet?.stop()
})

const api = (path: string) => `${server.url}${path}${path.includes('?') ? '&' : '?'}projectId=portico-dev`
const get = async (path: string) => {
  const res = await fetch(api(path))
  return { status: res.status, body: await res.json() }
}
const post = async (path: string, body: unknown, init: RequestInit = {}) => {
  const res = await fetch(path.startsWith('/sandbox') ? `${server.url}${path}` : api(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  })
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text() }
}
const balanceOf = (chain: number, owner: Address) =>
  createPublicClient({ transport: http(devnet.chains[chain]!.rpcUrl) }).readContract({
    address: devnet.chains[chain]!.usdc,
    abi: usdcAbi,
    functionName: 'balanceOf',
    args: [owner],
  }) as Promise<bigint>
const link = (extra: Record<string, string> = {}) => ({
  publicKey: SANDBOX_PUBLIC_KEY,
  destinationCurrencyCode: 'USDC',
  walletAddress: BUYER,
  externalCustomerId: DEV_PROJECT.projectId,
  ...extra,
})

describe('onramp options, providers and quotes', () => {
  test('options: USD with SPEC §9 limits, USDC on chains 1, 137 and the devnets', async () => {
    const res = await get('/v1/onramp/options?country=US')
    expect(res.status).toBe(200)
    expect(res.body.paymentCurrencies).toEqual([
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      },
    ])
    const [usdc] = res.body.purchaseCurrencies
    expect(usdc).toMatchObject({ id: 'USDC', symbol: 'USDC', name: 'USD Coin' })
    expect(usdc.networks.map((n: { name: string; chain_id: string }) => [n.name, n.chain_id])).toEqual([
      ['ethereum-mainnet', '1'],
      ['polygon-mainnet', '137'],
      ['portico-devnet', '31337'],
      ['portico-devnet-2', '31338'],
    ])
    expect(usdc.networks[2].contract_address).toBe(devnet.chains[0]!.usdc)
  })

  test('providers: one sandbox provider, labelled test only', async () => {
    const res = await get('/v1/onramp/providers')
    expect(res.body.providers).toEqual([
      {
        name: 'sandbox',
        label: 'Portico Sandbox Onramp (test only)',
        feeRange: '1-2%',
        url: `${server.url}/sandbox/onramp`,
        supportedChains: ['eip155', 'bip122', 'solana'],
        publicKey: SANDBOX_PUBLIC_KEY,
      },
    ])
  })

  test('quote: the client reads purchaseAmount.amount', async () => {
    const res = await post('/v1/onramp/quote', { purchaseCurrency: { id: 'USDC' }, paymentCurrency: 'USD', amount: 100, network: 'ethereum-mainnet' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      paymentTotal: { amount: '100.00', currency: 'USD' },
      providerFee: { amount: '1.50', currency: 'USD' },
      networkFee: { amount: '0.05', currency: 'USD' },
      purchaseAmount: { amount: '98.45', currency: 'USDC' },
    })
  })

  test('error: amounts outside the method limits are 400 with the limits in the reason', async () => {
    const tooSmall = await post('/v1/onramp/quote', { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '9.99', network: '1' })
    expect(tooSmall).toEqual({ status: 400, body: { error: 'Amount out of range', reasons: [{ description: 'The card limit is 10.00 to 7500.00 USD' }] } })
    const overCard = await post('/v1/onramp/quote', { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '7500.01', network: '1' })
    expect(overCard.status).toBe(400)
    const bank = await post('/v1/onramp/quote', {
      purchaseCurrency: 'USDC',
      paymentCurrency: 'USD',
      amount: '7500.01',
      network: '1',
      paymentMethod: 'ach_bank_account',
    })
    expect(bank.status).toBe(200)
    const overBank = await post('/v1/onramp/quote', { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '25000.01', paymentMethod: 'ach_bank_account' })
    expect(overBank.body.reasons[0].description).toBe('The ach_bank_account limit is 10.00 to 25000.00 USD')
  })

  test('error: garbage quote requests are 400 JSON', async () => {
    const good = { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: '1' }
    for (const body of [
      '{no',
      {},
      { ...good, amount: 'lots' },
      { ...good, amount: -5 },
      { ...good, amount: '1.001' },
      { ...good, amount: 1e30 },
      { ...good, amount: null },
      { ...good, purchaseCurrency: 'BTC' },
      { ...good, paymentCurrency: 'EUR' },
      { ...good, network: 'mars' },
      { ...good, paymentMethod: 'cash' },
      { ...good, purchaseCurrency: { nope: 1 } },
    ]) {
      const res = await post('/v1/onramp/quote', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(typeof res.body.error).toBe('string')
    }
    expect((await get('/v1/onramp/options?country=USA')).status).toBe(400)
  })
})

describe('onramp link and sandbox purchase on the devnet', () => {
  test('generates a link with exactly the provider params', async () => {
    const res = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: BUYER.toLowerCase(), blockchains: ['ethereum'] }],
      presetFiatAmount: 50,
    })
    expect(res.status).toBe(200)
    const url = new URL(res.body.url)
    expect(`${url.origin}${url.pathname}`).toBe(`${server.url}/sandbox/onramp`)
    expect(Object.fromEntries(url.searchParams)).toEqual(link({ amount: '50.00' }))
    const sol = await post('/v1/generators/onrampurl', { destinationWallets: [{ address: SOLANA, blockchains: ['solana'] }] })
    expect(new URL(sol.body.url).searchParams.get('destinationCurrencyCode')).toBe('SOL')
  })

  test('the sandbox page shows the order, clearly a sandbox', async () => {
    const res = await fetch(`${server.url}/sandbox/onramp?${new URLSearchParams(link({ amount: '50' }))}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    const html = await res.text()
    expect(html).toContain('Sandbox — test purchases only, no real money')
    expect(html).toContain('Complete purchase')
    expect(html).toContain(BUYER)
    expect(html).toContain('49.24') // 50 − 0.75 − 0.01
    expect(html).not.toMatch(/<script|<link|src="http/)
    const solana = await (
      await fetch(`${server.url}/sandbox/onramp?${new URLSearchParams(link({ walletAddress: SOLANA, destinationCurrencyCode: 'SOL' }))}`)
    ).text()
    expect(solana).toMatch(/<button type="submit" disabled>/)
  })

  test('completing a purchase mints devnet USDC to the wallet and records the order', async () => {
    const before = await balanceOf(0, BUYER)
    const res = await post('/sandbox/onramp/complete', { ...link(), amount: '100.00', chainId: 'eip155:31337' })
    expect(res.status).toBe(200)
    const { order } = res.body
    expect(order).toMatchObject({
      status: 'completed',
      wallet: BUYER,
      chain: 'eip155:31337',
      asset: 'USDC',
      amount: '98.49',
      paymentAmount: '100.00',
      projectId: 'portico-dev',
    })
    expect(order.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await balanceOf(0, BUYER)).toBe(before + 98_490_000n)
    const [row] = await server.db.query<{ status: string; tx_hash: string }>('select status, tx_hash from onramp_orders where id = $1', [order.id])
    expect(row).toEqual({ status: 'completed', tx_hash: order.txHash })
    expect((await get(`/v1/onramp/orders/${order.id}`)).body).toMatchObject({ id: order.id, status: 'completed' })
  })

  test('the page form completes on the second devnet, as HTML, once per order id', async () => {
    const before = await balanceOf(1, BUYER)
    const form = new URLSearchParams({ ...link(), amount: '20', chainId: '31338', paymentMethod: 'ach_bank_account', orderId: crypto.randomUUID() })
    const submit = () => fetch(`${server.url}/sandbox/onramp/complete`, { method: 'POST', body: form, headers: { accept: 'text/html' } })
    const res = await submit()
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('Purchase complete')
    expect(html).toMatch(/data-testid="tx-hash">0x[0-9a-f]{64}</)
    const again = await submit()
    expect(again.status).toBe(200)
    expect(await balanceOf(1, BUYER)).toBe(before + 19_690_000n) // 20 − 0.30 − 0.01, minted once
  })

  test('error: only devnet chains complete; bad purchases are 400 and mint nothing', async () => {
    const before = await balanceOf(0, BUYER)
    const good = { ...link(), amount: '100.00', chainId: 'eip155:31337' }
    const cases: Array<[unknown, string?]> = [
      [{ ...good, chainId: 'eip155:1' }, 'Only devnet chains'],
      [{ ...good, chainId: '137' }, 'Only devnet chains'],
      [{ ...good, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', walletAddress: SOLANA, destinationCurrencyCode: 'SOL' }, 'Only devnet chains'],
      [{ ...good, amount: '5' }, 'limit'],
      [{ ...good, amount: '8000' }, 'limit'],
      [{ ...good, publicKey: 'wrong' }, 'publicKey'],
      [{ ...good, externalCustomerId: 'unknown-project' }, 'externalCustomerId'],
      [{ ...good, walletAddress: '0x1234' }, 'walletAddress'],
      [{ ...good, destinationCurrencyCode: 'SOL' }, 'destinationCurrencyCode'],
      [{ ...good, orderId: 'not-a-uuid' }],
      [{ ...good, amount: { x: 1 } }],
      [{}],
      ['{broken'],
    ]
    for (const [body, reason] of cases) {
      const res = await post('/sandbox/onramp/complete', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(typeof res.body.error).toBe('string')
      if (reason) expect(res.body.reasons[0].description).toContain(reason)
    }
    expect((await fetch(`${server.url}/sandbox/onramp/complete`, { method: 'POST' })).status).toBe(400)
    expect(
      (await fetch(`${server.url}/sandbox/onramp/complete`, { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } })).status,
    ).toBeLessThan(500)
    expect(await balanceOf(0, BUYER)).toBe(before)
  })

  test('error: bad links, wallets and amounts are 400 (HTML for browsers, JSON otherwise)', async () => {
    const page = (params: Record<string, string>, accept = '*/*') =>
      fetch(`${server.url}/sandbox/onramp?${new URLSearchParams(params)}`, { headers: { accept } })
    const json = await page(link({ publicKey: 'nope' }))
    expect(json.status).toBe(400)
    expect((await json.json()).reasons[0].description).toContain('publicKey')
    const browser = await page({ walletAddress: BUYER }, 'text/html')
    expect(browser.status).toBe(400)
    expect(await browser.text()).toContain('Invalid onramp link')
    expect((await page(link({ amount: 'abc' }))).status).toBe(400)
    const badForm = await fetch(`${server.url}/sandbox/onramp/complete`, {
      method: 'POST',
      body: new URLSearchParams({ ...link(), amount: '100', chainId: '31337', orderId: 'x' }),
      headers: { accept: 'text/html' },
    })
    expect(badForm.status).toBe(400)
    expect(await badForm.text()).toContain('orderId')
    expect((await page(link({ walletAddress: '<script>' }))).status).toBe(400)

    for (const body of [
      {},
      { destinationWallets: [] },
      { destinationWallets: [{ address: 'nope' }] },
      { destinationWallets: [{ address: BUYER, blockchains: ['solana'] }] },
      { destinationWallets: [{ address: BUYER }], presetFiatAmount: 1 },
      '{x',
    ]) {
      const res = await post('/v1/generators/onrampurl', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(typeof res.body.error).toBe('string')
    }
    expect((await get('/v1/onramp/orders/no-such-order')).status).toBe(404)
  })
})
