import { CAIP2_PATTERN } from '@portico/core/spec'
import { createRoute, z } from '@hono/zod-openapi'
import type { App } from '../http/app.js'
import { errorBody, errorResponse, errorResponses, json } from '../http/responses.js'
import type { ServerContext } from '../context.js'
import { coinTypeForChainId, parseAddress } from './rules.js'
import { namesForAddress } from './store.js'
import { CommonQuery } from '../schemas.js'
import { ensClient } from '../config/rpc.js'
import { ensIdentity } from './ens.js'

const IdentitySchema = z
  .object({
    name: z.string().nullable().openapi({ example: 'alice.portico.id' }),
    avatar: z.string().nullable().openapi({ example: null }),
  })
  .openapi('Identity')

const identityRoute = createRoute({
  method: 'get',
  path: '/v1/identity/{address}',
  summary: "An address's name and avatar",
  description:
    'From the name service: the first name registered for the address (preferring one with an address for the given ' +
    "chain's coin type), and its `avatar` attribute. Both null when the address has no name.",
  request: {
    params: z.object({
      address: z
        .string()
        .min(1)
        .max(128)
        .openapi({ param: { name: 'address', in: 'path' }, example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
    }),
    query: z.object({
      ...CommonQuery,
      chainId: z
        .string()
        .regex(new RegExp(`^\\d{1,10}$|${CAIP2_PATTERN.source}`), 'chainId must be a chain id or a CAIP-2 id')
        .optional()
        .openapi({ example: 'eip155:1' }),
    }),
  },
  responses: {
    200: json(IdentitySchema, 'The identity'),
    ...errorResponses,
    400: errorResponse('Invalid address'),
  },
})

export function register(app: App, ctx: ServerContext) {
  // ENS on Ethereum mainnet (config.mainnetRpcUrls or eip155:1) for addresses without a name here.
  const ens = ensClient(ctx.config)
  app.openapi(identityRoute, async (c) => {
    const address = parseAddress(c.req.valid('param').address)
    if (!address) return c.json(errorBody('Invalid address', 'The address must be an EVM (0x + 40 hex) or Solana (base58) address'), 400)
    const records = await namesForAddress(ctx.db, address.key)
    const evmChain = /^(?:eip155:)?(\d{1,10})$/.exec(c.req.valid('query').chainId ?? '')
    const coinType = evmChain && Number(evmChain[1]) < 0x80000000 ? String(coinTypeForChainId(Number(evmChain[1]))) : undefined
    const record = (coinType && records.find((r) => r.addresses[coinType])) || records[0]
    const avatar = record?.attributes.avatar
    if (!record && ens && address.kind === 'eip155') return c.json(await ensIdentity(ens, address.address as `0x${string}`, ctx.log), 200)
    return c.json({ name: record?.name ?? null, avatar: typeof avatar === 'string' && avatar ? avatar : null }, 200)
  })
}
