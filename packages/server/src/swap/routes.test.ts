// @vitest-environment node
import { DEV_ACCOUNTS, DEVNET_CONTRACTS, DEVNET_SWAP, startDevnet, type Devnet } from '@portico/devnet'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient, createWalletClient, decodeFunctionData, defineChain, erc20Abi, http, parseAbi, parseEther, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer } from '../testing.js'

let devnet: Devnet
let server: Awaited<ReturnType<typeof startTestServer>>
let aggregator: Server
let aggregatorUrl: string
/** What the aggregator stand-in answers next, by path (a function may hang or fail). */
const aggregatorAnswers = new Map<string, (query: URLSearchParams) => { status: number; body: unknown } | 'hang'>()
const aggregatorCalls: string[] = []

beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
  // A local stand-in for a 1inch-compatible aggregator: answers with the API's documented shapes.
  aggregator = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x')
    aggregatorCalls.push(`${url.pathname} ${req.headers.authorization ?? ''}`)
    const answer = aggregatorAnswers.get(url.pathname.replace(/^\/swap\/v6\.0\/1/, ''))?.(url.searchParams)
    if (answer === 'hang') return
    res.writeHead(answer?.status ?? 404, { 'content-type': 'application/json' }).end(JSON.stringify(answer?.body ?? { error: 'not found' }))
  }).listen(0, '127.0.0.1')
  await new Promise((resolve) => aggregator.once('listening', resolve))
  aggregatorUrl = `http://127.0.0.1:${(aggregator.address() as AddressInfo).port}/swap/v6.0`
  server = await startTestServer({
    rpcUrls: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
    rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000 },
    swap: {
      ...startTestServerDefaults(),
      'eip155:1': { kind: 'aggregator', baseUrl: aggregatorUrl, apiKey: 'aggregator-key', timeoutMs: 500 },
    },
  })
}, 60_000)
afterAll(async () => {
  await server?.close()
  aggregator?.close()
  await devnet?.stop()
})

/** The server's own devnet defaults (the devnet Uniswap on both chains), kept beside the aggregator. */
function startTestServerDefaults() {
  const devnetUniswap = {
    kind: 'uniswap-v2' as const,
    router: DEVNET_SWAP.router,
    factory: DEVNET_SWAP.factory,
    weth: DEVNET_SWAP.weth,
    tokens: [
      { address: DEVNET_CONTRACTS.usdc, name: 'USD Coin', symbol: 'USDC', decimals: 6 },
      { address: DEVNET_SWAP.dai, name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18 },
    ],
  }
  return { 'eip155:31337': devnetUniswap, 'eip155:31338': devnetUniswap }
}

const P = 'projectId=portico-dev'
const chain = 31337
const user = DEV_ACCOUNTS[4]!
const caip = (address: string, id = chain) => `eip155:${id}:${address}`
const native = (id = chain) => caip('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', id)
const usdc = (id = chain) => caip(DEVNET_CONTRACTS.usdc, id)
const dai = (id = chain) => caip(DEVNET_SWAP.dai, id)
const q = (params: Record<string, string>) => new URLSearchParams({ projectId: 'portico-dev', ...params }).toString()

async function call<T = { error: string }>(method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as T }
}
type Tx = { tx: { from: string; to: Hex; data: Hex; value: string; eip155: { gas?: string; gasPrice?: string } } }

function chainClients() {
  const c = devnet.chains[0]!
  const viemChain = defineChain({ id: c.chainId, name: c.name, nativeCurrency: c.nativeCurrency, rpcUrls: { default: { http: [c.rpcUrl] } } })
  const account = privateKeyToAccount(user.privateKey)
  return {
    client: createPublicClient({ chain: viemChain, transport: http(c.rpcUrl) }),
    wallet: createWalletClient({ account, chain: viemChain, transport: http(c.rpcUrl) }),
  }
}
const send = async ({ tx }: Tx) => {
  const { client, wallet } = chainClients()
  const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value), gas: tx.eip155.gas ? BigInt(tx.eip155.gas) : undefined })
  return client.waitForTransactionReceipt({ hash })
}
const balanceOf = (token: Hex) => chainClients().client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] })

describe('/v1/convert/* on the devnet (Uniswap V2 pools on chain)', () => {
  test('tokens: the native token first (its placeholder), then USDC and DAI; the popular and suggested ones in SPEC order', async () => {
    type Tokens = { tokens: { address: string; symbol: string; decimals: number }[]; popular: string[]; suggested: string[] }
    const { status, body } = await call<Tokens>('GET', `/v1/convert/tokens?${q({ chainId: `eip155:${chain}` })}`)
    expect(status).toBe(200)
    expect(body.tokens.map((t) => [t.address, t.symbol, t.decimals])).toEqual([
      [native(), 'ETH', 18],
      [usdc(), 'USDC', 6],
      [dai(), 'DAI', 18],
    ])
    // SWAP_POPULAR_SYMBOLS: ETH, UNI, 1INCH, AAVE, SOL, USDC, USDT, DAI…; SWAP_SUGGESTED_SYMBOLS: ETH, USDC, USDT, DAI…
    expect(body.popular).toEqual([native(), usdc(), dai()])
    expect(body.suggested).toEqual([native(), usdc(), dai()])
  })

  test('quotes: ETH → USDC from the direct pool; USDC → DAI routes through WETH; price impact grows with size', async () => {
    type Quotes = { quotes: { id: null; fromAmount: string; toAmount: string; fromAccount: string; toAccount: string; route: string[]; priceImpact: number }[] }
    const small = await call<Quotes>(
      'GET',
      `/v1/convert/quotes?${q({ amount: parseEther('1').toString(), userAddress: caip(user.address), from: native(), to: usdc() })}`,
    )
    expect(small.status).toBe(200)
    expect(small.body.quotes[0]).toMatchObject({
      id: null,
      fromAmount: '1000000000000000000',
      toAmount: '2961474103',
      fromAccount: native(),
      toAccount: usdc(),
    })
    expect(small.body.quotes[0]!.route).toEqual([caip(DEVNET_SWAP.weth), usdc()])
    expect(small.body.quotes[0]).toMatchObject({ gas: '150000' })
    const big = await call<Quotes>(
      'GET',
      `/v1/convert/quotes?${q({ amount: parseEther('10').toString(), userAddress: caip(user.address), from: native(), to: usdc() })}`,
    )
    expect(small.body.quotes[0]!.priceImpact).toBeCloseTo(0.99, 1)
    expect(big.body.quotes[0]!.priceImpact).toBeCloseTo(9.09, 1)
    const routed = await call<Quotes>('GET', `/v1/convert/quotes?${q({ amount: '100000000', userAddress: caip(user.address), from: usdc(), to: dai() })}`)
    expect(routed.body.quotes[0]!.route).toEqual([usdc(), caip(DEVNET_SWAP.weth), dai()])
    expect(routed.body.quotes[0]).toMatchObject({ gas: '230000' })
    expect(BigInt(routed.body.quotes[0]!.toAmount)).toBeGreaterThan(99n * 10n ** 18n)
  })

  test('a USDC → ETH swap on chain: allowance 0, build-approve, approve mined, allowance set, build-transaction mined within the 1 % bound', async () => {
    const amount = 50_000_000n // 50 USDC
    const allowance = async () =>
      (await call<{ allowance: string }>('GET', `/v1/convert/allowance?${q({ tokenAddress: usdc(), userAddress: caip(user.address) })}`)).body.allowance
    expect(await allowance()).toBe('0')
    const approve = await call<Tx>(
      'GET',
      `/v1/convert/build-approve?${q({ userAddress: caip(user.address), from: usdc(), to: native(), amount: amount.toString() })}`,
    )
    expect(approve.status).toBe(200)
    expect(approve.body.tx).toMatchObject({ from: user.address, to: DEVNET_CONTRACTS.usdc, value: '0' })
    expect((await send(approve.body)).status).toBe('success')
    expect(await allowance()).toBe(amount.toString())

    const { client } = chainClients()
    const before = { eth: await client.getBalance({ address: user.address }), usdc: await balanceOf(DEVNET_CONTRACTS.usdc) }
    const quote = (
      await call<{ quotes: { toAmount: string; gas: string }[] }>(
        'GET',
        `/v1/convert/quotes?${q({ amount: amount.toString(), userAddress: caip(user.address), from: usdc(), to: native() })}`,
      )
    ).body.quotes[0]!
    const built = await call<Tx>('POST', `/v1/convert/build-transaction?${P}`, {
      userAddress: caip(user.address),
      from: usdc(),
      to: native(),
      amount: amount.toString(),
      eip155: { slippage: '1' },
    })
    expect(built.status).toBe(200)
    const call_ = decodeFunctionData({ abi: parseAbi(['function swapExactTokensForETH(uint256,uint256,address[],address,uint256)']), data: built.body.tx.data })
    expect(call_.args![1]).toBe((BigInt(quote.toAmount) * 9_900n) / 10_000n)
    const receipt = await send(built.body)
    expect(receipt.status).toBe('success')
    // The quote's gas (what the Swap view's network fee is computed from) covers what the swap used.
    expect(receipt.gasUsed).toBeLessThanOrEqual(BigInt(quote.gas))
    expect(receipt.gasUsed).toBeGreaterThan(BigInt(quote.gas) / 2n)
    console.log(`[figures] USDC → ETH swap used ${receipt.gasUsed} gas (quote states ${quote.gas})`)
    expect(await balanceOf(DEVNET_CONTRACTS.usdc)).toBe(before.usdc - amount)
    const fee = receipt.gasUsed * receipt.effectiveGasPrice
    expect(await client.getBalance({ address: user.address })).toBe(before.eth - fee + BigInt(quote.toAmount))
  })

  test('ETH → DAI: the swap carries the ETH as value and needs no approval', async () => {
    const amount = parseEther('0.1')
    expect(
      (await call<{ allowance: string }>('GET', `/v1/convert/allowance?${q({ tokenAddress: native(), userAddress: caip(user.address) })}`)).body.allowance,
    ).toBe((2n ** 256n - 1n).toString())
    const built = await call<Tx>('POST', `/v1/convert/build-transaction?${P}`, {
      userAddress: caip(user.address),
      from: native(),
      to: dai(),
      amount: amount.toString(),
    })
    expect(built.body.tx.value).toBe(amount.toString())
    const before = await balanceOf(DEVNET_SWAP.dai)
    expect((await send(built.body)).status).toBe('success')
    expect(await balanceOf(DEVNET_SWAP.dai)).toBeGreaterThan(before + 290n * 10n ** 18n)
  })

  test('gas-price: standard, fast and instant in wei', async () => {
    const { status, body } = await call<{ standard: string; fast: string; instant: string }>(
      'GET',
      `/v1/convert/gas-price?${q({ chainId: `eip155:${chain}` })}`,
    )
    expect(status).toBe(200)
    expect(BigInt(body.fast)).toBeGreaterThan(BigInt(body.standard))
    expect(BigInt(body.instant)).toBeGreaterThan(BigInt(body.fast))
  })
})

describe('/v1/convert/* refusals', () => {
  test("error: a chain without a swap provider, mixed chains or another namespace: 400 'Network not supported for Swaps'", async () => {
    const off = 8453
    for (const [method, path, body] of [
      ['GET', `/v1/convert/quotes?${q({ amount: '1', userAddress: caip(user.address, off), from: native(off), to: usdc(off) })}`],
      ['GET', `/v1/convert/tokens?${q({ chainId: `eip155:${off}` })}`],
      ['GET', `/v1/convert/allowance?${q({ tokenAddress: usdc(off), userAddress: caip(user.address, off) })}`],
      ['GET', `/v1/convert/build-approve?${q({ userAddress: caip(user.address, off), from: usdc(off), to: native(off), amount: '5' })}`],
      ['POST', `/v1/convert/build-transaction?${P}`, { userAddress: caip(user.address, off), from: usdc(off), to: native(off), amount: '5' }],
      ['GET', `/v1/convert/quotes?${q({ amount: '1', userAddress: caip(user.address), from: native(), to: usdc(31338) })}`],
      ['GET', `/v1/convert/tokens?${q({ chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })}`],
    ] as const) {
      expect(await call(method, path, body), path).toEqual({ status: 400, body: { error: 'Network not supported for Swaps' } })
    }
    expect(await call('GET', `/v1/convert/gas-price?${q({ chainId: `eip155:${off}` })}`)).toEqual({
      status: 400,
      body: { error: 'Network not supported for Gas Price' },
    })
  })

  test('error: a token the chain does not offer, or the same token on both sides, is a clear 400', async () => {
    const stranger = caip('0x000000000000000000000000000000000000dEaD')
    expect((await call('GET', `/v1/convert/quotes?${q({ amount: '1', userAddress: caip(user.address), from: stranger, to: usdc() })}`)).body.error).toBe(
      'Token not supported for Swaps on this network',
    )
    expect((await call('GET', `/v1/convert/quotes?${q({ amount: '1', userAddress: caip(user.address), from: usdc(), to: usdc() })}`)).body.error).toBe(
      'No swap route between these tokens',
    )
    // Huge but valid amounts: the pools' math overflows, which is the request's fault (4xx), not the server's.
    const huge = await call('GET', `/v1/convert/quotes?${q({ amount: (2n ** 255n).toString(), userAddress: caip(user.address), from: native(), to: usdc() })}`)
    expect(huge).toEqual({ status: 400, body: { error: 'The pools cannot quote this amount' } })
  })

  test('error: malformed params are 400 JSON, never 500', async () => {
    for (const path of [
      `/v1/convert/tokens?${P}`,
      `/v1/convert/tokens?${q({ chainId: 'garbage' })}`,
      `/v1/convert/quotes?${q({ amount: '-1', userAddress: caip(user.address), from: native(), to: usdc() })}`,
      `/v1/convert/quotes?${q({ amount: '1.5', userAddress: caip(user.address), from: native(), to: usdc() })}`,
      `/v1/convert/quotes?${q({ amount: '0', userAddress: caip(user.address), from: native(), to: usdc() })}`,
      `/v1/convert/quotes?${q({ amount: (2n ** 256n).toString(), userAddress: caip(user.address), from: native(), to: usdc() })}`,
      `/v1/convert/quotes?${q({ amount: '1', userAddress: user.address, from: native(), to: usdc() })}`,
      `/v1/convert/allowance?${q({ tokenAddress: 'eip155:1', userAddress: caip(user.address) })}`,
      `/v1/convert/build-approve?${q({ userAddress: caip(user.address), from: usdc(), to: native() })}`,
    ]) {
      const { status, body } = await call('GET', path)
      expect(status, path).toBe(400)
      expect(body.error, path).toBe('Invalid request')
    }
    for (const body of [
      '{oops',
      {},
      { userAddress: caip(user.address), from: usdc(), to: native(), amount: 'lots' },
      { userAddress: caip(user.address), from: usdc(), to: native(), amount: '1', eip155: { slippage: '99' } },
    ]) {
      expect((await call('POST', `/v1/convert/build-transaction?${P}`, body)).status, JSON.stringify(body)).toBe(400)
    }
    expect((await call('GET', `/v1/convert/tokens?chainId=eip155:${chain}`)).body).toEqual({ error: 'Project ID Missing' })
  })
})

describe('/v1/convert/* through a 1inch-compatible aggregator (a local stand-in answering its documented shapes)', () => {
  const mainnetUser = caip(user.address, 1)
  const mainnetUsdc = caip('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 1)

  test('tokens, quote, allowance, approve and swap come from the aggregator, with its key', async () => {
    aggregatorAnswers.set('/tokens', () => ({
      status: 200,
      body: {
        tokens: {
          '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee': {
            address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
            symbol: 'ETH',
            name: 'Ether',
            decimals: 18,
            logoURI: 'https://tokens.example/eth.png',
          },
        },
      },
    }))
    aggregatorAnswers.set('/quote', (query) => ({
      status: 200,
      body: { dstAmount: query.get('amount') === '1000' ? '3000' : '0', ...(query.get('includeGas') === 'true' ? { gas: 150000 } : {}) },
    }))
    aggregatorAnswers.set('/approve/allowance', () => ({ status: 200, body: { allowance: '42' } }))
    aggregatorAnswers.set('/approve/transaction', () => ({
      status: 200,
      body: { data: '0x095ea7b3', gasPrice: '7', to: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', value: '0' },
    }))
    aggregatorAnswers.set('/swap', (query) => ({
      status: 200,
      body: {
        dstAmount: '3000',
        tx: { from: query.get('from'), to: '0x111111125421ca6dc452d289314280a0f8842a65', data: '0x12aa3caf', value: '1000', gas: 180000, gasPrice: '7' },
      },
    }))
    expect((await call<{ tokens: unknown[]; popular: string[] }>('GET', `/v1/convert/tokens?${q({ chainId: 'eip155:1' })}`)).body).toEqual({
      tokens: [{ address: native(1), name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: 'https://tokens.example/eth.png' }],
      popular: [native(1)],
      suggested: [native(1)],
    })
    expect(
      (await call<{ quotes: unknown[] }>('GET', `/v1/convert/quotes?${q({ amount: '1000', userAddress: mainnetUser, from: native(1), to: mainnetUsdc })}`)).body
        .quotes,
    ).toEqual([{ id: null, fromAmount: '1000', toAmount: '3000', fromAccount: native(1), toAccount: mainnetUsdc, gas: '150000' }])
    expect((await call('GET', `/v1/convert/allowance?${q({ tokenAddress: mainnetUsdc, userAddress: mainnetUser })}`)).body).toEqual({ allowance: '42' })
    expect(
      (await call<Tx>('GET', `/v1/convert/build-approve?${q({ userAddress: mainnetUser, from: mainnetUsdc, to: native(1), amount: '5' })}`)).body.tx,
    ).toEqual({
      from: user.address,
      to: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      data: '0x095ea7b3',
      value: '0',
      eip155: { gasPrice: '7' },
    })
    expect(
      (await call<Tx>('POST', `/v1/convert/build-transaction?${P}`, { userAddress: mainnetUser, from: native(1), to: mainnetUsdc, amount: '1000' })).body.tx,
    ).toMatchObject({
      to: '0x111111125421cA6dc452d289314280a0f8842A65',
      value: '1000',
      eip155: { gas: '180000', gasPrice: '7' },
    })
    expect(aggregatorCalls.every((line) => line.endsWith('Bearer aggregator-key'))).toBe(true)
  })

  test('error: an aggregator that fails, answers garbage or hangs is a 502 with a message, never a hang', async () => {
    for (const answer of [() => ({ status: 500, body: {} }), () => ({ status: 200, body: { dstAmount: 'lots' } }), () => 'hang' as const]) {
      aggregatorAnswers.set('/quote', answer)
      const started = Date.now()
      const res = await call('GET', `/v1/convert/quotes?${q({ amount: '1000', userAddress: mainnetUser, from: native(1), to: mainnetUsdc })}`)
      expect(res).toEqual({ status: 502, body: { error: 'The swap provider did not answer' } })
      expect(Date.now() - started).toBeLessThan(5_000)
    }
  })
})
