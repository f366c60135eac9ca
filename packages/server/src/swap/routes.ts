import { CAIP10_PATTERN, ErrorText, parseCaip10, SWAP_POPULAR_SYMBOLS, SWAP_SLIPPAGE_PERCENT, SWAP_SUGGESTED_SYMBOLS } from '@portico/core/spec'
import { createRoute, z } from '@hono/zod-openapi'
import type { App } from '../http/app.js'
import { HttpError } from '../http/errors.js'
import { errorResponse, errorResponses, json, jsonBody } from '../http/responses.js'
import type { ServerContext } from '../context.js'
import { CaipNetworkId, CommonQuery } from '../schemas.js'
import { networkUnsupported } from './provider.js'
import { swapProviders } from './providers.js'

/**
 * /v1/convert/* (SPEC §7): swaps through the chain's configured SwapProvider (providers.ts):
 * Uniswap V2 pools read on chain, or a 1inch-compatible aggregator. A chain without one, or a
 * request mixing chains, is 400 'Network not supported for Swaps'.
 */

const Caip10 = z.string().regex(CAIP10_PATTERN, 'Expected a CAIP-10 address (namespace:chain:address)')
const TokenAddress = Caip10.openapi({
  description: 'CAIP-10 token address; the native token as its placeholder address',
  example: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
})
const UserAddress = Caip10.openapi({ description: 'CAIP-10 address of the user', example: 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
const Amount = z
  .string()
  .regex(/^\d{1,78}$/, 'Expected an amount in base units (a positive integer)')
  .refine((value) => /^\d{1,78}$/.test(value) && BigInt(value) > 0n && BigInt(value) < 2n ** 256n, 'Expected an amount above 0 that fits in 256 bits')
  .openapi({ example: '1000000' })
const Slippage = z
  .union([z.string().regex(/^\d{1,2}(\.\d{1,2})?$/), z.number().min(0).max(50)])
  .transform(Number)
  .pipe(z.number().min(0).max(50))

const Token = z.object({ address: z.string(), name: z.string(), symbol: z.string(), decimals: z.number(), logoUri: z.string().optional() }).openapi('SwapToken')
const Transaction = z
  .object({
    from: z.string(),
    to: z.string(),
    data: z.string(),
    value: z.string().openapi({ description: 'Wei' }),
    eip155: z.object({ gas: z.string().optional(), gasPrice: z.string().optional() }),
  })
  .openapi('SwapTransaction')
const errors = { ...errorResponses, 502: errorResponse('The swap provider or the chain did not answer') }

const route = <R extends Parameters<typeof createRoute>[0]>(r: R) => createRoute(r)
const tokensRoute = route({
  method: 'get',
  path: '/v1/convert/tokens',
  summary: 'Swappable tokens of a chain',
  request: { query: z.object({ ...CommonQuery, chainId: CaipNetworkId.openapi({ example: 'eip155:31337' }) }) },
  responses: {
    200: json(
      z.object({
        tokens: z.array(Token),
        popular: z.array(z.string()).openapi({ description: "CAIP-10 addresses of the chain's popular tokens (SPEC §9's list, in its order)" }),
        suggested: z.array(z.string()).openapi({ description: 'CAIP-10 addresses of the tokens the Swap view suggests first' }),
      }),
      'The tokens, the native one first; the popular and suggested ones among them by address',
    ),
    ...errors,
  },
})
/** The first token of each listed symbol the chain offers, in the list's order. */
const bySymbols = (tokens: { address: string; symbol: string }[], symbols: readonly string[]) =>
  symbols.flatMap((symbol) => tokens.find((t) => t.symbol.toUpperCase() === symbol)?.address ?? [])
const quotesRoute = route({
  method: 'get',
  path: '/v1/convert/quotes',
  summary: 'Swap quotes',
  request: {
    query: z.object({
      ...CommonQuery,
      amount: Amount,
      userAddress: UserAddress,
      from: TokenAddress,
      to: TokenAddress,
      gasPrice: z
        .string()
        .regex(/^\d{1,78}$/)
        .optional(),
    }),
  },
  responses: {
    200: json(
      z.object({
        quotes: z.array(
          z.object({
            id: z.null(),
            fromAmount: z.string(),
            fromAccount: z.string(),
            toAmount: z.string(),
            toAccount: z.string(),
            route: z.array(z.string()).optional(),
            priceImpact: z.number().optional(),
            gas: z.string().optional(),
          }),
        ),
      }),
      'amount of from buys toAmount of to (base units); priceImpact in percent; gas: the gas units the swap is expected to use',
    ),
    ...errors,
  },
})
const allowanceRoute = route({
  method: 'get',
  path: '/v1/convert/allowance',
  summary: 'Allowance of the swap router',
  request: { query: z.object({ ...CommonQuery, tokenAddress: TokenAddress, userAddress: UserAddress }) },
  responses: { 200: json(z.object({ allowance: z.string() }), 'How much of tokenAddress the router may spend for userAddress'), ...errors },
})
const gasPriceRoute = route({
  method: 'get',
  path: '/v1/convert/gas-price',
  summary: 'Gas price for swaps',
  request: { query: z.object({ ...CommonQuery, chainId: CaipNetworkId.openapi({ example: 'eip155:31337' }) }) },
  responses: { 200: json(z.object({ standard: z.string(), fast: z.string(), instant: z.string() }), 'Wei per gas'), ...errors },
})
const buildApproveRoute = route({
  method: 'get',
  path: '/v1/convert/build-approve',
  summary: 'Approval transaction for a swap',
  request: { query: z.object({ ...CommonQuery, userAddress: UserAddress, from: TokenAddress, to: TokenAddress, amount: Amount }) },
  responses: { 200: json(z.object({ tx: Transaction }), 'The transaction approving the router to spend amount of from'), ...errors },
})
const buildTransactionRoute = route({
  method: 'post',
  path: '/v1/convert/build-transaction',
  summary: 'Swap transaction',
  request: {
    query: z.object(CommonQuery),
    body: jsonBody(
      z.object({
        userAddress: UserAddress,
        from: TokenAddress,
        to: TokenAddress,
        amount: Amount,
        eip155: z
          .object({ slippage: Slippage.openapi({ description: `Percent (default ${SWAP_SLIPPAGE_PERCENT})` }), permit: z.string().max(4096).optional() })
          .optional(),
      }),
    ),
  },
  responses: { 200: json(z.object({ tx: Transaction }), 'The swap, bounded by the slippage and a 20-minute deadline'), ...errors },
})

/** The chain and address of a CAIP-10 id the route's schema has checked. */
const split = (caip10: string) => parseCaip10(caip10)!
/** The one chain of a request's addresses; mixing chains is not a swap this server makes. */
const sameChain = (...addresses: string[]) => {
  const chains = new Set(addresses.map((a) => split(a).chainId))
  if (chains.size !== 1) throw networkUnsupported()
  return [...chains][0]!
}
const evmAddress = (caip10: string) => {
  const { address } = split(caip10)
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new HttpError(400, 'Invalid request', { details: `not an EVM address: ${caip10}` })
  return address as `0x${string}`
}
const transaction = ({ gas, gasPrice, ...tx }: { from: string; to: string; data: string; value: string; gas?: string; gasPrice?: string }) => ({
  tx: { ...tx, eip155: { ...(gas ? { gas } : {}), ...(gasPrice ? { gasPrice } : {}) } },
})

export function register(app: App, ctx: ServerContext) {
  const provider = swapProviders(ctx)

  app.openapi(tokensRoute, async (c) => {
    const tokens = await provider(c.req.valid('query').chainId).tokens()
    return c.json({ tokens, popular: bySymbols(tokens, SWAP_POPULAR_SYMBOLS), suggested: bySymbols(tokens, SWAP_SUGGESTED_SYMBOLS) }, 200)
  })
  app.openapi(quotesRoute, async (c) => {
    const q = c.req.valid('query')
    const chain = sameChain(q.from, q.to, q.userAddress)
    const quote = await provider(chain).quote({ from: split(q.from).address, to: split(q.to).address, amount: BigInt(q.amount) })
    return c.json({ quotes: [{ id: null, fromAccount: q.from, toAccount: q.to, ...quote }] }, 200)
  })
  app.openapi(allowanceRoute, async (c) => {
    const q = c.req.valid('query')
    const chain = sameChain(q.tokenAddress, q.userAddress)
    const allowance = await provider(chain).allowance({ token: split(q.tokenAddress).address, owner: evmAddress(q.userAddress) })
    return c.json({ allowance: allowance.toString() }, 200)
  })
  app.openapi(gasPriceRoute, async (c) => {
    const { chainId } = c.req.valid('query')
    const client = ctx.config.swap?.[chainId] ? ctx.evmClient(chainId) : undefined
    if (!client) throw new HttpError(400, ErrorText.gasPriceNetworkUnsupported)
    let price: bigint
    try {
      price = await client.getGasPrice()
    } catch (cause) {
      throw new HttpError(502, 'The chain did not answer', { details: `getGasPrice on ${chainId}`, cause })
    }
    // Faster tiers offer more, as wallets do: +25 % and +50 %.
    return c.json({ standard: price.toString(), fast: ((price * 125n) / 100n).toString(), instant: ((price * 150n) / 100n).toString() }, 200)
  })
  app.openapi(buildApproveRoute, async (c) => {
    const q = c.req.valid('query')
    const chain = sameChain(q.from, q.to, q.userAddress)
    return c.json(
      transaction(await provider(chain).buildApprove({ token: split(q.from).address, owner: evmAddress(q.userAddress), amount: BigInt(q.amount) })),
      200,
    )
  })
  app.openapi(buildTransactionRoute, async (c) => {
    const b = c.req.valid('json')
    const chain = sameChain(b.from, b.to, b.userAddress)
    const tx = await provider(chain).buildSwap({
      from: split(b.from).address,
      to: split(b.to).address,
      amount: BigInt(b.amount),
      user: evmAddress(b.userAddress),
      slippagePercent: b.eip155?.slippage ?? SWAP_SLIPPAGE_PERCENT,
    })
    return c.json(transaction(tx), 200)
  })
}
