import { CAIP10_PATTERN, ErrorText } from '@portico/core/spec'
import { createRoute, z } from '@hono/zod-openapi'
import type { App } from '../http/app.js'
import { errorResponse, errorResponses } from '../http/responses.js'
import type { ServerContext } from '../context.js'
import { CaipNetworkId, CommonQuery } from '../schemas.js'

/**
 * /v1/convert/*: the swap API surface (SPEC §7) with its parameters validated. The swap engine
 * comes later: until then a chain on SPEC §9's swap list answers 501, any other chain 400
 * 'Network not supported for Swaps' ('… for Gas Price' on gas-price), as the client expects.
 */

/** SPEC §9: chains where swaps are offered (eip155 ids). */
export const SWAP_CHAIN_IDS = ['1', '42161', '10', '324', '8453', '56', '137', '100', '43114', '250', '8217', '1313161554'].map((id) => `eip155:${id}`)

const NOT_YET = 'Swaps are not available on this server yet'
const ENGINE_NOTE = ' Not implemented yet: chains on the swap list answer 501 until the swap engine lands; other chains answer 400.'

const Caip10 = z
  .string()
  .regex(CAIP10_PATTERN, 'Expected a CAIP-10 address (namespace:chain:address)')
const TokenAddress = Caip10.openapi({ description: 'CAIP-10 token address; the native token as its placeholder address', example: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' })
const UserAddress = Caip10.openapi({ description: 'CAIP-10 address of the user', example: 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
const Amount = z.string().regex(/^\d{1,78}(\.\d{1,78})?$/, 'Expected a non-negative decimal amount').openapi({ example: '1000000' })

const chainOf = (caip10: string) => caip10.split(':').slice(0, 2).join(':')

const errors = {
  ...errorResponses,
  501: errorResponse('Swaps are not implemented on this server yet (the swap engine comes later)'),
}

const quotesRoute = createRoute({
  method: 'get',
  path: '/v1/convert/quotes',
  summary: 'Swap quotes',
  description: `Quotes for swapping amount of from into to.${ENGINE_NOTE}`,
  request: { query: z.object({ ...CommonQuery, amount: Amount, userAddress: UserAddress, from: TokenAddress, to: TokenAddress, gasPrice: z.string().regex(/^\d{1,78}$/).optional() }) },
  responses: errors,
})

const tokensRoute = createRoute({
  method: 'get',
  path: '/v1/convert/tokens',
  summary: 'Swappable tokens of a chain',
  description: `The token list for swaps on chainId.${ENGINE_NOTE}`,
  request: { query: z.object({ ...CommonQuery, chainId: CaipNetworkId.openapi({ example: 'eip155:1' }) }) },
  responses: errors,
})

const allowanceRoute = createRoute({
  method: 'get',
  path: '/v1/convert/allowance',
  summary: 'Allowance of the swap router',
  description: `How much of tokenAddress the swap router may spend for userAddress (read at allowance).${ENGINE_NOTE}`,
  request: { query: z.object({ ...CommonQuery, tokenAddress: TokenAddress, userAddress: UserAddress }) },
  responses: errors,
})

const gasPriceRoute = createRoute({
  method: 'get',
  path: '/v1/convert/gas-price',
  summary: 'Gas price for swaps',
  description: `Gas price on chainId; unsupported chains answer 400 'Network not supported for Gas Price'.${ENGINE_NOTE}`,
  request: { query: z.object({ ...CommonQuery, chainId: CaipNetworkId.openapi({ example: 'eip155:1' }) }) },
  responses: errors,
})

const buildApproveRoute = createRoute({
  method: 'get',
  path: '/v1/convert/build-approve',
  summary: 'Approval transaction for a swap',
  description: `The transaction approving the swap router to spend amount of from.${ENGINE_NOTE}`,
  request: { query: z.object({ ...CommonQuery, userAddress: UserAddress, from: TokenAddress, to: TokenAddress, amount: Amount }) },
  responses: errors,
})

const buildTransactionRoute = createRoute({
  method: 'post',
  path: '/v1/convert/build-transaction',
  summary: 'Swap transaction',
  description: `The transaction swapping amount of from into to.${ENGINE_NOTE}`,
  request: {
    query: z.object(CommonQuery),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            userAddress: UserAddress,
            from: TokenAddress,
            to: TokenAddress,
            amount: Amount,
            eip155: z.object({ slippage: z.union([z.string().max(16), z.number()]), permit: z.string().max(4096).optional() }).optional(),
          }),
        },
      },
    },
  },
  responses: errors,
})

export function register(app: App, _ctx: ServerContext) {
  /** The 400 message when a chain is off the swap list, else null (then 501: no engine yet). */
  const unsupported = (chains: string[], message: string = ErrorText.swapsNetworkUnsupported) =>
    chains.some((chain) => !SWAP_CHAIN_IDS.includes(chain)) ? message : null

  app.openapi(quotesRoute, (c) => {
    const q = c.req.valid('query')
    const error = unsupported([chainOf(q.from), chainOf(q.to), chainOf(q.userAddress)])
    return error ? c.json({ error }, 400) : c.json({ error: NOT_YET }, 501)
  })
  app.openapi(tokensRoute, (c) => {
    const error = unsupported([c.req.valid('query').chainId])
    return error ? c.json({ error }, 400) : c.json({ error: NOT_YET }, 501)
  })
  app.openapi(allowanceRoute, (c) => {
    const q = c.req.valid('query')
    const error = unsupported([chainOf(q.tokenAddress), chainOf(q.userAddress)])
    return error ? c.json({ error }, 400) : c.json({ error: NOT_YET }, 501)
  })
  app.openapi(gasPriceRoute, (c) => {
    const error = unsupported([c.req.valid('query').chainId], ErrorText.gasPriceNetworkUnsupported)
    return error ? c.json({ error }, 400) : c.json({ error: NOT_YET }, 501)
  })
  app.openapi(buildApproveRoute, (c) => {
    const q = c.req.valid('query')
    const error = unsupported([chainOf(q.from), chainOf(q.to), chainOf(q.userAddress)])
    return error ? c.json({ error }, 400) : c.json({ error: NOT_YET }, 501)
  })
  app.openapi(buildTransactionRoute, (c) => {
    const b = c.req.valid('json')
    const error = unsupported([chainOf(b.from), chainOf(b.to), chainOf(b.userAddress)])
    return error ? c.json({ error }, 400) : c.json({ error: NOT_YET }, 501)
  })
}
