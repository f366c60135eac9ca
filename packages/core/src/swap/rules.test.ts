import { describe, expect, test } from 'vitest'
import { initialSwapState } from '../stores/swap.js'
import {
  formatSwapAmount,
  getSwapProblem,
  isPriceImpactHigh,
  minimumReceived,
  swapAmount,
  swapFiatValue,
  swapNeedsApproval,
  swapNetworkFee,
  swapRate,
  swapTokenBalance,
  SwapText,
} from './rules.js'

const eth = { address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', name: 'Ether', symbol: 'ETH', decimals: 18 }
const usdc = { address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3', name: 'USD Coin', symbol: 'USDC', decimals: 6 }
const balance = (symbol: string, numeric: string, address?: string) => ({
  name: symbol,
  symbol,
  chainId: 'eip155:31337',
  address,
  value: 0,
  price: 0,
  quantity: { decimals: '18', numeric },
  iconUrl: '',
})
const balances = [balance('ETH', '2'), balance('USDC', '100', 'eip155:31337:0x5fbdb2315678afecb367f032d93f642f64180aa3')]
const state = (patch: Partial<ReturnType<typeof initialSwapState>>) => ({ ...initialSwapState(1), ...patch })

describe('swap rules', () => {
  test('the amount in base units; empty, zero and garbage are none', () => {
    expect(swapAmount({ from: eth, fromAmount: '0.5' })).toBe(5n * 10n ** 17n)
    for (const fromAmount of ['', '0', '0.0', 'abc', '1.2.3']) expect(swapAmount({ from: eth, fromAmount })).toBeUndefined()
  })

  test('the balance of the native token (no address) and of a token (CAIP-10, any case)', () => {
    expect(swapTokenBalance(eth, balances)?.symbol).toBe('ETH')
    expect(swapTokenBalance(usdc, balances)?.symbol).toBe('USDC')
  })

  test('what keeps the swap button disabled, in order', () => {
    expect(getSwapProblem(state({}), balances)).toMatchObject({ kind: 'selectToken', key: 'swapText.selectToken' })
    expect(getSwapProblem(state({ from: eth, to: usdc }), balances)).toMatchObject({ kind: 'enterAmount', key: 'swapText.enterAmount' })
    expect(getSwapProblem(state({ from: eth, to: usdc, fromAmount: '3' }), balances)).toMatchObject({
      kind: 'insufficientBalance',
      key: 'swapText.insufficientBalance',
    })
    expect(getSwapProblem(state({ from: eth, to: usdc, fromAmount: '1', quoteLoading: true }), balances)).toMatchObject({
      kind: 'loadingQuote',
      key: 'swapText.loadingQuote',
    })
    expect(getSwapProblem(state({ from: eth, to: usdc, fromAmount: '1', quoteError: { key: 'error.swapsNetworkUnsupported' } }), balances)).toEqual({
      kind: 'quoteError',
      key: 'error.swapsNetworkUnsupported',
    })
    expect(getSwapProblem(state({ from: eth, to: usdc, fromAmount: '1' }), balances)).toMatchObject({ kind: 'noQuote' })
    const quote = { fromAmount: '1000000000000000000', toAmount: '2961474103', priceImpact: 0.99 }
    expect(getSwapProblem(state({ from: eth, to: usdc, fromAmount: '1', quote }), balances)).toBeUndefined()
  })

  test('minimum received at 1 % slippage, the rate, and the price-impact warning above 5 %', () => {
    expect(minimumReceived('2961474103', 1)).toBe(2931859361n)
    expect(minimumReceived('1000', 0.5)).toBe(995n)
    expect(swapRate(state({ from: eth, to: usdc, quote: { fromAmount: '500000000000000000', toAmount: '1480000000' } }))).toBe('1 ETH = 2960 USDC')
    expect(isPriceImpactHigh({ fromAmount: '1', toAmount: '1', priceImpact: 9.1 })).toBe(true)
    expect(isPriceImpactHigh({ fromAmount: '1', toAmount: '1', priceImpact: 0.99 })).toBe(false)
  })

  test('fiat values from the prices by symbol; none without a price', () => {
    const prices = { ETH: 3000, USDC: 1 }
    expect(swapFiatValue(5n * 10n ** 17n, eth, prices)).toBe(1500)
    expect(swapFiatValue('1488000000', usdc, prices)).toBe(1488)
    expect(swapFiatValue(1n, { ...usdc, symbol: 'DAI' }, prices)).toBeUndefined()
    expect(swapFiatValue(undefined, eth, prices)).toBeUndefined()
  })

  test("the network fee: the quote's gas at the gas price, in ETH and USD", () => {
    const quote = { fromAmount: '1', toAmount: '1', gas: '150000' }
    const fee = swapNetworkFee({ quote, gasPrice: '2000000000', tokens: [eth, usdc], prices: { ETH: 3000 } })
    expect(fee).toMatchObject({ amount: '0.0003', symbol: 'ETH' })
    expect(fee!.usd).toBeCloseTo(0.9, 10)
    expect(swapNetworkFee({ quote, gasPrice: '2000000000', tokens: [eth, usdc], prices: {} })?.usd).toBeUndefined()
    expect(swapNetworkFee({ quote: { fromAmount: '1', toAmount: '1' }, gasPrice: '1', tokens: [eth], prices: {} })).toBeUndefined()
    expect(swapNetworkFee({ quote, gasPrice: undefined, tokens: [eth], prices: {} })).toBeUndefined()
  })

  test('an approval comes first when the allowance last read is below the amount; none for the native token or an unread allowance', () => {
    expect(swapNeedsApproval(state({ from: usdc, fromAmount: '10', allowance: '9999999' }))).toBe(true)
    expect(swapNeedsApproval(state({ from: usdc, fromAmount: '10', allowance: '10000000' }))).toBe(false)
    expect(swapNeedsApproval(state({ from: usdc, fromAmount: '10', allowance: undefined }))).toBe(false)
    expect(swapNeedsApproval(state({ from: eth, fromAmount: '1', allowance: undefined }))).toBe(false)
    expect(swapNeedsApproval(state({ from: usdc, fromAmount: '', allowance: '0' }))).toBe(false)
  })

  test('swap amounts show fewer decimals as they grow (truncated)', () => {
    expect(formatSwapAmount('24702449230', 6)).toBe('24702.449')
    expect(formatSwapAmount('1488081911', 6)).toBe('1488.0819')
    expect(formatSwapAmount(159_000_000_000_000n, 18)).toBe('0.000159')
    expect(formatSwapAmount(123_456_789_000_000n * 10n ** 6n, 6)).toBe('123456789000000.00')
  })
})
