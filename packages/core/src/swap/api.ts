import * as v from 'valibot'
import type { Portico } from '../portico.js'

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

/** The server's /v1/convert/* (SPEC §7), every answer checked against its schema. */
export async function getSwapTokensFromApi(portico: Portico, chainId: string): Promise<SwapToken[]> {
  const json = await portico.api!.get({ path: 'v1/convert/tokens', query: { chainId } })
  return v.parse(v.object({ tokens: v.array(SwapTokenSchema) }), json).tokens
}

export async function getSwapQuoteFromApi(portico: Portico, q: { from: string; to: string; amount: bigint; userAddress: string }): Promise<SwapQuote> {
  const json = await portico.api!.get({ path: 'v1/convert/quotes', query: { from: q.from, to: q.to, amount: q.amount.toString(), userAddress: q.userAddress } })
  const [quote] = v.parse(v.object({ quotes: v.pipe(v.array(QuoteSchema), v.minLength(1)) }), json).quotes
  return quote!
}

export async function getSwapAllowanceFromApi(portico: Portico, q: { tokenAddress: string; userAddress: string }): Promise<bigint> {
  const json = await portico.api!.get({ path: 'v1/convert/allowance', query: q })
  // SPEC §7: the response is read at allowance.
  return BigInt(v.parse(v.object({ allowance: Uint }), json).allowance)
}

export async function buildSwapApproveFromApi(portico: Portico, q: { from: string; to: string; amount: bigint; userAddress: string }) {
  const json = await portico.api!.get({ path: 'v1/convert/build-approve', query: { from: q.from, to: q.to, amount: q.amount.toString(), userAddress: q.userAddress } })
  return v.parse(v.object({ tx: TransactionSchema }), json).tx
}

export async function buildSwapTransactionFromApi(portico: Portico, q: { from: string; to: string; amount: bigint; userAddress: string; slippage: number }) {
  const json = await portico.api!.post({
    path: 'v1/convert/build-transaction',
    body: { from: q.from, to: q.to, amount: q.amount.toString(), userAddress: q.userAddress, eip155: { slippage: String(q.slippage) } },
  })
  return v.parse(v.object({ tx: TransactionSchema }), json).tx
}
