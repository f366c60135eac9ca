import { NATIVE_TOKEN_PLACEHOLDERS, isNativePlaceholder } from '@portico/core/spec'
import { BaseError, ContractFunctionRevertedError, encodeFunctionData, erc20Abi, getAddress, isAddress, parseAbi, zeroAddress, type PublicClient } from 'viem'
import type { NativeCurrency } from '../chain/assets.js'
import { noQuote, noRoute, tokenUnsupported, upstreamFailed, type SwapProvider, type SwapProviderConfig, type SwapTransaction } from './provider.js'

const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const factoryAbi = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address pair)'])
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
])

/** A swap must be mined within this long, else the router reverts it (the user's price no longer holds). */
const DEADLINE_SECONDS = 20 * 60
/** Used when the swap cannot be estimated yet (the approval is not mined): generous per hop. */
const GAS_PER_HOP = 150_000n
/** What a quote states the swap will use: a router swap through one pool, plus each further pool (typical V2 figures). */
const QUOTE_GAS_ONE_HOP = 150_000n
const QUOTE_GAS_EXTRA_HOP = 80_000n
const FEE_NUMERATOR = 997n // Uniswap V2: 0.3 % per hop

type UniswapConfig = Extract<SwapProviderConfig, { kind: 'uniswap-v2' }>

/**
 * Quotes from Uniswap V2 pools on the chain itself (router.getAmountsOut), directly or through
 * WETH when the two tokens have no pool, and builds the router calls with a deadline and the
 * slippage bound. The native token goes in and out through the router's ETH functions.
 */
export function uniswapV2Provider(options: {
  config: UniswapConfig
  client: PublicClient
  caip2: string
  native: NativeCurrency
  now?: () => number
}): SwapProvider {
  const { config, client, caip2, native } = options
  const now = options.now ?? Date.now
  const placeholder = NATIVE_TOKEN_PLACEHOLDERS.eip155

  /** The pool-side address of a token: WETH for the native placeholder; refused when not offered. */
  const poolToken = (token: string): `0x${string}` => {
    if (isNativePlaceholder(token)) return config.weth
    const offered = isAddress(token, { strict: false }) && config.tokens.find((t) => t.address.toLowerCase() === token.toLowerCase())
    if (!offered) throw tokenUnsupported(token)
    return offered.address
  }
  const chain = async <T>(what: string, read: () => Promise<T>): Promise<T> => {
    try {
      return await read()
    } catch (cause) {
      throw upstreamFailed(`${what} on ${caip2}`, cause)
    }
  }
  // A pair's address never changes once created: kept after the first read (a missing one is read again).
  const pairs = new Map<string, `0x${string}`>()
  const pairOf = async (a: `0x${string}`, b: `0x${string}`) => {
    const key = [a.toLowerCase(), b.toLowerCase()].sort().join()
    const known = pairs.get(key)
    if (known) return known
    const pair = await chain('getPair', () => client.readContract({ address: config.factory, abi: factoryAbi, functionName: 'getPair', args: [a, b] }))
    if (pair !== zeroAddress) pairs.set(key, pair)
    return pair
  }

  /** The direct pool, else through WETH when both pools exist. */
  const path = async (from: string, to: string): Promise<`0x${string}`[]> => {
    const [a, b] = [poolToken(from), poolToken(to)]
    if (a.toLowerCase() === b.toLowerCase()) throw noRoute()
    if ((await pairOf(a, b)) !== zeroAddress) return [a, b]
    if (a !== config.weth && b !== config.weth) {
      const [first, second] = await Promise.all([pairOf(a, config.weth), pairOf(config.weth, b)])
      if (first !== zeroAddress && second !== zeroAddress) return [a, config.weth, b]
    }
    throw noRoute()
  }
  const amountsOut = async (amount: bigint, route: `0x${string}`[]) => {
    try {
      return await client.readContract({ address: config.router, abi: routerAbi, functionName: 'getAmountsOut', args: [amount, route] })
    } catch (cause) {
      // The router refuses an amount the pools cannot quote (its math overflows): the request's fault.
      if (cause instanceof BaseError && cause.walk((e) => e instanceof ContractFunctionRevertedError)) throw noQuote(cause)
      throw upstreamFailed(`getAmountsOut on ${caip2}`, cause)
    }
  }

  /** How much worse than the pools' mid prices (after their fees) the quote is, in percent. */
  const priceImpact = async (route: `0x${string}`[], amountIn: bigint, amountOut: bigint): Promise<number> => {
    let ideal = amountIn
    for (let i = 0; i < route.length - 1; i++) {
      const pair = await pairOf(route[i]!, route[i + 1]!)
      const [[reserve0, reserve1], token0] = await chain('getReserves', () =>
        Promise.all([
          client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
          client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
        ]),
      )
      const [reserveIn, reserveOut] = token0.toLowerCase() === route[i]!.toLowerCase() ? [reserve0, reserve1] : [reserve1, reserve0]
      if (reserveIn === 0n) return 100
      ideal = (ideal * reserveOut * FEE_NUMERATOR) / (reserveIn * 1000n)
    }
    if (ideal === 0n) return 0
    return Math.max(0, Number(((ideal - amountOut) * 1_000_000n) / ideal) / 10_000)
  }

  const gasPrice = () => chain('getGasPrice', () => client.getGasPrice())

  return {
    kind: 'uniswap-v2',
    async tokens() {
      return [
        { address: `${caip2}:${placeholder}`, name: native.name, symbol: native.symbol, decimals: native.decimals },
        ...config.tokens.map((t) => ({
          address: `${caip2}:${getAddress(t.address)}`,
          name: t.name,
          symbol: t.symbol,
          decimals: t.decimals,
          logoUri: t.logoUri,
        })),
      ]
    },
    async quote({ from, to, amount }) {
      const route = await path(from, to)
      const amounts = await amountsOut(amount, route)
      const toAmount = amounts[amounts.length - 1]!
      return {
        fromAmount: amount.toString(),
        toAmount: toAmount.toString(),
        route: route.map((address) => `${caip2}:${getAddress(address)}`),
        priceImpact: await priceImpact(route, amount, toAmount),
        gas: (QUOTE_GAS_ONE_HOP + QUOTE_GAS_EXTRA_HOP * BigInt(route.length - 2)).toString(),
      }
    },
    async allowance({ token, owner }) {
      // The native token needs no approval.
      if (isNativePlaceholder(token)) return 2n ** 256n - 1n
      const address = poolToken(token)
      return chain('allowance', () => client.readContract({ address, abi: erc20Abi, functionName: 'allowance', args: [owner, config.router] }))
    },
    async buildApprove({ token, owner, amount }) {
      if (isNativePlaceholder(token)) throw tokenUnsupported('the native token needs no approval')
      const address = poolToken(token)
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [config.router, amount] })
      return { from: owner, to: address, data, value: '0', gasPrice: (await gasPrice()).toString() }
    },
    async buildSwap({ from, to, amount, user, slippagePercent }) {
      const route = await path(from, to)
      const amounts = await amountsOut(amount, route)
      // The slippage bound, in basis points so that 0.5 % is exact.
      const minimum = (amounts[amounts.length - 1]! * BigInt(10_000 - Math.round(slippagePercent * 100))) / 10_000n
      const deadline = BigInt(Math.floor(now() / 1000) + DEADLINE_SECONDS)
      const nativeIn = isNativePlaceholder(from)
      const data = nativeIn
        ? encodeFunctionData({ abi: routerAbi, functionName: 'swapExactETHForTokens', args: [minimum, route, user, deadline] })
        : isNativePlaceholder(to)
          ? encodeFunctionData({ abi: routerAbi, functionName: 'swapExactTokensForETH', args: [amount, minimum, route, user, deadline] })
          : encodeFunctionData({ abi: routerAbi, functionName: 'swapExactTokensForTokens', args: [amount, minimum, route, user, deadline] })
      const tx: SwapTransaction = { from: user, to: config.router, data, value: nativeIn ? amount.toString() : '0' }
      const [price, gas] = await Promise.all([
        gasPrice(),
        // Fails while the approval is not mined yet (the router may not spend): then a stated allowance.
        client.estimateGas({ account: user, to: tx.to, data, value: BigInt(tx.value) }).catch(() => GAS_PER_HOP * BigInt(route.length)),
      ])
      return { ...tx, gas: gas.toString(), gasPrice: price.toString() }
    },
  }
}
