import { eip155ChainId } from '@portico/core/spec'
import { createRoute, z } from '@hono/zod-openapi'
import type { App } from '../http/app.js'
import { errorResponses, json } from '../http/responses.js'
import { nftImageUrl, nftMetadata } from './tokens.js'
import type { ServerContext } from '../context.js'
import { CaipNetworkId, CommonQuery, EvmAddress } from '../schemas.js'
import { safeFetch, SafeFetchError } from '../services/safeFetch.js'
import { Refusal } from '../refusals.js'

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
    200: json(z.object({ nfts: z.array(NftSchema) }), 'NFTs held'),
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
    if (!ctx.evmClient(chainId)) throw Refusal.unsupportedChain(chainId)
    const rows = await ctx.db.query<{ token: string; token_id: string }>(HOLDINGS_SQL, [chainId, address.toLowerCase()])
    const nfts = await Promise.all(
      rows.map(async ({ token, token_id }) => {
        const meta = await nftMetadata(ctx, chainId, token, token_id)
        const image = nftImageUrl(ctx.config.publicUrl, { chainId, contract: token, tokenId: token_id, image: meta.image })
        return { chainId, contract: token, tokenId: token_id, name: meta.name ?? `#${token_id}`, image }
      }),
    )
    return c.json({ nfts }, 200)
  })

  // The image proxy (an open path: <img> requests carry no projectId; the per-IP limit applies).
  // Only the image of metadata this server read itself, so it is no open proxy; fetched under
  // the outbound rules (no internal addresses, on any hop), size- and time-limited, and served
  // only as a raster or SVG image that can run nothing.
  app.get('/icons/nft/:chainId/:contract/:tokenId', async (c) => {
    const { chainId, contract, tokenId } = c.req.param()
    if (eip155ChainId(chainId) === undefined || !/^0x[0-9a-f]{40}$/.test(contract) || !/^\d{1,78}$/.test(tokenId)) throw Refusal.notFound('Not found')
    const [row] = await ctx.db.query<{ image: string | null }>(
      'select image from nft_metadata where chain_id = $1 and contract = $2 and token_id = $3 and ok',
      [chainId, contract, tokenId],
    )
    if (!row?.image || row.image.startsWith('data:')) throw Refusal.notFound('Not found')
    try {
      const res = await safeFetch(row.image, {
        allowOrigins: ctx.config.outboundAllowOrigins,
        ipfsGateway: ctx.config.ipfsGateway,
        maxBytes: NFT_IMAGE_MAX_BYTES,
        timeoutMs: NFT_IMAGE_TIMEOUT_MS,
        accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/svg+xml',
      })
      const type = String(res.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase()
      if (res.status < 200 || res.status >= 300 || !NFT_IMAGE_TYPES.has(type)) throw Refusal.upstreamFailed('The image could not be loaded')
      return c.body(new Uint8Array(res.body), 200, {
        'content-type': type,
        'cache-control': 'public, max-age=3600',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'cross-origin-resource-policy': 'cross-origin',
      })
    } catch (error) {
      if (error instanceof SafeFetchError && error.code === 'forbidden-address')
        ctx.log(`nft image refused (${chainId} ${contract} #${tokenId}): ${error.message}`)
      throw Refusal.upstreamFailed('The image could not be loaded')
    }
  })
}

const NFT_IMAGE_MAX_BYTES = 4 * 1024 * 1024
const NFT_IMAGE_TIMEOUT_MS = 8_000
const NFT_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/svg+xml'])
