import * as v from 'valibot'
import type { HttpClient } from './http.js'

/** The part of a Portico instance these calls use (typed apart: the swap store imports this file's types). */
interface WithApi {
  readonly api: HttpClient | undefined
}

const Uint = v.pipe(v.string(), v.regex(/^\d{1,78}$/))
const SwapTokenSchema = v.object({
  address: v.pipe(v.string(), v.maxLength(200)),
  name: v.pipe(v.string(), v.maxLength(128)),
  symbol: v.pipe(v.string(), v.maxLength(32)),
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  logoUri: v.optional(v.pipe(v.string(), v.maxLength(2048))),
})
export type SwapToken = v.InferOutput<typeof SwapTokenSchema>

const QuoteSchema = v.object({
  fromAmount: Uint,
  toAmount: Uint,
  route: v.optional(v.array(v.string())),
  priceImpact: v.optional(v.number()),
  /** Gas units the swap is expected to use, when the server says. */
  gas: v.optional(Uint),
})
export type SwapQuote = v.InferOutput<typeof QuoteSchema>

const TransactionSchema = v.object({
  from: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/)),
  to: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/)),
  data: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/)),
  value: Uint,
  eip155: v.object({ gas: v.optional(Uint), gasPrice: v.optional(Uint) }),
})
export type SwapTransactionRequest = v.InferOutput<typeof TransactionSchema>

/** A chain's swap tokens, and the popular and suggested ones among them, as the server lists them (SPEC §9). */
export interface SwapTokenList {
  tokens: SwapToken[]
  popular: SwapToken[]
  suggested: SwapToken[]
}

const Caip10List = v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(100)), [])

/** The server's /v1/convert/* (SPEC §7), every answer checked against its schema. */
export async function getSwapTokensFromApi(portico: WithApi, chainId: string): Promise<SwapTokenList> {
  const json = await portico.api!.get({ path: 'v1/convert/tokens', query: { chainId } })
  const { tokens, popular, suggested } = v.parse(v.object({ tokens: v.array(SwapTokenSchema), popular: Caip10List, suggested: Caip10List }), json)
  // Addresses the list does not hold are dropped: the view shows only tokens it can swap.
  const pick = (addresses: string[]) => addresses.flatMap((address) => tokens.find((t) => t.address.toLowerCase() === address.toLowerCase()) ?? [])
  return { tokens, popular: pick(popular), suggested: pick(suggested) }
}

/** GET v1/convert/gas-price: the standard tier, in wei. */
export async function getSwapGasPriceFromApi(portico: WithApi, chainId: string): Promise<bigint> {
  const json = await portico.api!.get({ path: 'v1/convert/gas-price', query: { chainId } })
  return BigInt(v.parse(v.object({ standard: Uint }), json).standard)
}

/** POST v1/fungible/price (SPEC §7), USD; tokens the server cannot price are absent from the answer. Keyed by symbol, as the answer is. */
export async function getTokenPricesFromApi(portico: WithApi, addresses: string[]): Promise<Record<string, number>> {
  const json = await portico.api!.post({ path: 'v1/fungible/price', body: { currency: 'usd', addresses } })
  const { fungibles } = v.parse(v.object({ fungibles: v.array(v.object({ symbol: v.string(), price: v.pipe(v.number(), v.finite(), v.minValue(0)) })) }), json)
  return Object.fromEntries(fungibles.map((f) => [f.symbol, f.price]))
}

export async function getSwapQuoteFromApi(portico: WithApi, q: { from: string; to: string; amount: bigint; userAddress: string }): Promise<SwapQuote> {
  const json = await portico.api!.get({ path: 'v1/convert/quotes', query: { from: q.from, to: q.to, amount: q.amount.toString(), userAddress: q.userAddress } })
  const [quote] = v.parse(v.object({ quotes: v.pipe(v.array(QuoteSchema), v.minLength(1)) }), json).quotes
  return quote!
}

export async function getSwapAllowanceFromApi(portico: WithApi, q: { tokenAddress: string; userAddress: string }): Promise<bigint> {
  const json = await portico.api!.get({ path: 'v1/convert/allowance', query: q })
  // SPEC §7: the response is read at allowance.
  return BigInt(v.parse(v.object({ allowance: Uint }), json).allowance)
}

export async function buildSwapApproveFromApi(portico: WithApi, q: { from: string; to: string; amount: bigint; userAddress: string }) {
  const json = await portico.api!.get({
    path: 'v1/convert/build-approve',
    query: { from: q.from, to: q.to, amount: q.amount.toString(), userAddress: q.userAddress },
  })
  return v.parse(v.object({ tx: TransactionSchema }), json).tx
}

export async function buildSwapTransactionFromApi(portico: WithApi, q: { from: string; to: string; amount: bigint; userAddress: string; slippage: number }) {
  const json = await portico.api!.post({
    path: 'v1/convert/build-transaction',
    body: { from: q.from, to: q.to, amount: q.amount.toString(), userAddress: q.userAddress, eip155: { slippage: String(q.slippage) } },
  })
  return v.parse(v.object({ tx: TransactionSchema }), json).tx
}
