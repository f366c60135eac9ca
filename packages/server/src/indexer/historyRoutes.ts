import { createRoute, z } from '@hono/zod-openapi'
import type { App } from '../http/app.js'
import { errorResponses } from '../http/responses.js'
import { familyOfAddress, familyOfChain } from '../chain/families.js'
import { configPriceSource } from '../chain/prices.js'
import type { ServerContext } from '../context.js'
import { readHistory } from './history.js'
import { CaipNetworkId, CommonQuery } from '../schemas.js'
import { Refusal } from '../refusals.js'

const DEFAULT_PAGE_SIZE = 20
const MAX_PAGE_SIZE = 50

const TransferSchema = z.object({
  fungible_info: z.object({ name: z.string(), symbol: z.string(), icon: z.object({ url: z.string() }) }).optional(),
  nft_info: z
    .object({
      name: z.string(),
      flags: z.object({ is_spam: z.boolean() }),
      content: z.object({ preview: z.object({ url: z.string() }) }).optional(),
    })
    .optional(),
  direction: z.enum(['in', 'out']),
  quantity: z.object({ numeric: z.string() }),
  value: z.number().optional().openapi({ description: 'USD value, when the token has a price' }),
  price: z.number().optional(),
})

const TransactionSchema = z
  .object({
    id: z.string(),
    metadata: z.object({
      minedAt: z.string().openapi({ description: 'ISO 8601 block time' }),
      chain: z.string().openapi({ example: 'eip155:31337' }),
      operationType: z.enum(['send', 'receive', 'mint', 'burn', 'trade', 'execute']),
      status: z.enum(['confirmed', 'failed']),
      sentFrom: z.string(),
      sentTo: z.string(),
      hash: z.string(),
      fee: z
        .object({ numeric: z.string(), symbol: z.string() })
        .optional()
        .openapi({ description: 'The network fee paid, in the native currency (Solana and Bitcoin transactions)' }),
    }),
    transfers: z.array(TransferSchema),
  })
  .openapi('Transaction')

const historyRoute = createRoute({
  method: 'get',
  path: '/v1/account/{address}/history',
  summary: 'Transaction history of an address',
  description:
    "Native transfers and ERC20/ERC721 transfers (eip155), SOL and SPL token transfers (solana: Token and Token-2022, mints included), confirmed BTC payments by output with their fee (bip122, from the chain's Esplora API) of the address found by the server's chain indexers, newest first. A Solana or Bitcoin address is followed from the first time it is asked about. Pass `next` back as `cursor` for the following page.",
  request: {
    params: z.object({
      address: z
        .string()
        .refine((v) => familyOfAddress(v) !== undefined, 'Invalid address: expected an EVM, Solana or Bitcoin address')
        .openapi({ param: { name: 'address', in: 'path' }, example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
    }),
    query: z.object({
      ...CommonQuery,
      chainId: CaipNetworkId.optional().openapi({ description: 'Only this chain (CAIP-2); all indexed chains when absent' }),
      cursor: z.string().max(400).optional().openapi({ description: 'The `next` of the previous page' }),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(MAX_PAGE_SIZE)
        .optional()
        .openapi({ description: `Page size, default ${DEFAULT_PAGE_SIZE}` }),
    }),
  },
  responses: {
    200: {
      description: 'A page of transactions',
      content: { 'application/json': { schema: z.object({ data: z.array(TransactionSchema), next: z.string().nullable() }) } },
    },
    ...errorResponses,
  },
})

export function register(app: App, ctx: ServerContext) {
  const prices = configPriceSource(ctx.config, ctx.evmClient, ctx.log)
  app.openapi(historyRoute, async (c) => {
    const { address } = c.req.valid('param')
    const { chainId, cursor, limit } = c.req.valid('query')
    const family = familyOfAddress(address)!
    const chainFamily = chainId ? familyOfChain(chainId) : undefined
    if (chainId && chainFamily && chainFamily !== family) throw Refusal.invalidAddress(chainId, chainFamily)
    // A followed family's address (Solana: solana/indexer.ts) is followed from the first time it is asked about; its first page waits for that read.
    if (family.startFollower && !cursor)
      await Promise.all(
        Object.keys(ctx.config.rpcUrls)
          .filter((id) => familyOfChain(id) === family && (!chainId || id === chainId))
          .map((id) => ctx.follow?.(id, address)),
      )
    const query = { address: family.accountKey(address), namespace: family.namespace, chainId, cursor, limit: limit ?? DEFAULT_PAGE_SIZE }
    const read = () => readHistory(ctx, prices, query)
    // SPEC §9 transaction-history lifetime, dropped by the indexers' writes for the address (indexer/historyCache.ts).
    // A client that must see its own transaction now says Cache-Control: no-cache: read past the cache.
    const fresh = /no-cache|no-store|max-age=0/i.test(c.req.header('cache-control') ?? '')
    if (!ctx.historyCache || fresh) return c.json(await read(), 200)
    return c.body(await ctx.historyCache.get(query, read), 200, { 'content-type': 'application/json' }) as never
  })
}
