import { createRoute, z } from '@hono/zod-openapi'
import type { App } from '../app.js'
import { nftMetadata } from '../chain/tokens.js'
import { apiErrors as errorResponses } from '../chain/openapi.js'
import type { ServerContext } from '../context.js'
import { CaipNetworkId, CommonQuery, EvmAddress } from '../schemas.js'

const NftSchema = z
  .object({
    chainId: z.string().openapi({ example: 'eip155:31337' }),
    contract: z.string(),
    tokenId: z.string(),
    name: z.string(),
    image: z.string().nullable(),
  })
  .openapi('Nft')

const route = createRoute({
  method: 'get',
  path: '/v1/account/{address}/nfts',
  summary: 'ERC721 tokens an address holds',
  description:
    "Portico's own addition to the service paths: current owners from the indexer's ERC721 Transfer logs, with name and image from each token's metadata.",
  request: {
    params: z.object({ address: EvmAddress }),
    query: z.object({ ...CommonQuery, chainId: CaipNetworkId }),
  },
  responses: {
    200: { description: 'NFTs held', content: { 'application/json': { schema: z.object({ nfts: z.array(NftSchema) }) } } },
    ...errorResponses,
  },
})

/** The owner of a token is the receiver of its latest Transfer. */
const HOLDINGS_SQL = `
  select token, token_id from (
    select distinct on (token, token_id) token, token_id, to_address
    from chain_transfers
    where chain_id = $1 and kind = 'erc721'
    order by token, token_id, block_number desc, log_index desc
  ) latest
  where to_address = $2
  order by token, token_id::numeric
  limit 200`

export function register(app: App, ctx: ServerContext) {
  app.openapi(route, async (c) => {
    const { address } = c.req.valid('param')
    const { chainId } = c.req.valid('query')
    if (!ctx.evmClient(chainId)) return c.json({ error: `Unsupported chain: no RPC is configured for ${chainId}` }, 400)
    const rows = await ctx.db.query<{ token: string; token_id: string }>(HOLDINGS_SQL, [chainId, address.toLowerCase()])
    const nfts = await Promise.all(
      rows.map(async ({ token, token_id }) => {
        const meta = await nftMetadata(ctx, chainId, token, token_id)
        return { chainId, contract: token, tokenId: token_id, name: meta.name ?? `#${token_id}`, image: meta.image }
      }),
    )
    return c.json({ nfts }, 200)
  })
}
