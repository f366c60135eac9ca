import { createRoute, z } from '@hono/zod-openapi'
import type { App } from '../http/app.js'
import { errorBody, errorResponse, errorResponses, json } from '../http/responses.js'
import type { ServerContext } from '../context.js'
import { registerName } from './register.js'
import { parseAddress, parseName } from './rules.js'
import { findName, namesForAddress } from './store.js'
import { suggestNames } from './suggest.js'
import { CommonQuery } from '../schemas.js'

/** The name service (SPEC §7 'Blockchain-data service calls': lookup, suggestions, reverse, registration). */

export const NameRecordSchema = z
  .object({
    name: z.string().openapi({ example: 'alice.portico.id' }),
    registered_at: z.string().openapi({ example: '2024-01-01T00:00:00.000Z' }),
    updated_at: z.string(),
    addresses: z
      .record(z.string(), z.object({ address: z.string(), created: z.string() }))
      .openapi({ description: 'By ENSIP-11 coin type', example: { '2147514985': { address: '0xf39F…2266', created: '2024-01-01T00:00:00.000Z' } } }),
    attributes: z.record(z.string(), z.string()),
  })
  .openapi('NameRecord')

const NameParam = z.object({
  name: z
    .string()
    .min(1)
    .max(255)
    .openapi({ param: { name: 'name', in: 'path' }, example: 'alice.portico.id' }),
})
const AddressParam = z.object({
  address: z
    .string()
    .min(1)
    .max(128)
    .openapi({ param: { name: 'address', in: 'path' }, example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
})

const lookup = createRoute({
  method: 'get',
  path: '/v1/profile/account/{name}',
  summary: 'Look up a registered name',
  description: 'A bare label gets the configured suffix appended.',
  request: { params: NameParam, query: z.object(CommonQuery) },
  responses: { 200: json(NameRecordSchema, 'The record'), 404: errorResponse('Not registered'), ...errorResponses, 400: errorResponse('Invalid name') },
})

const reverse = createRoute({
  method: 'get',
  path: '/v1/profile/reverse/{address}',
  summary: 'Names resolving to an address',
  request: {
    params: AddressParam,
    query: z.object({
      ...CommonQuery,
      coinType: z.coerce.number().int().min(0).max(0xffffffff).optional().openapi({ description: 'Only names with an address for this coin type' }),
    }),
  },
  responses: { 200: json(z.array(NameRecordSchema), 'Records, oldest registration first'), ...errorResponses, 400: errorResponse('Invalid address') },
})

const suggestions = createRoute({
  method: 'get',
  path: '/v1/profile/suggestions/{name}',
  summary: 'The requested name and available variants',
  request: { params: NameParam, query: z.object(CommonQuery) },
  responses: {
    200: json(z.object({ suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })) }), 'Suggestions'),
    ...errorResponses,
    400: errorResponse('Invalid request'),
  },
})

const registerRoute = createRoute({
  method: 'post',
  path: '/v1/profile/account',
  summary: 'Register a name',
  description:
    'The message is the signed JSON text {"name":"alice.portico.id","attributes":{},"timestamp":<unix seconds>}. ' +
    'EOA signatures are recovered (EIP-191); contract accounts are checked with EIP-1271 on the chain of the coin type ' +
    '(60 = chain 1, otherwise 0x80000000 | chainId). The timestamp must be within the last 10 minutes (1 minute of clock skew allowed).',
  request: {
    query: z.object(CommonQuery),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            coinType: z.number().int().min(-0x80000000).max(0xffffffff).openapi({ example: 2147514985 }),
            address: z.string().min(1).max(128),
            message: z.string().min(1).max(8192),
            signature: z.string().min(1).max(20_000),
          }),
        },
      },
    },
  },
  responses: {
    200: json(NameRecordSchema, 'Registered'),
    401: errorResponse('The signature does not match the address'),
    409: errorResponse('The name is taken'),
    ...errorResponses,
    400: errorResponse('Invalid request'),
  },
})

export function register(app: App, ctx: ServerContext) {
  app.openapi(lookup, async (c) => {
    const name = parseName(c.req.valid('param').name, ctx.config.nameSuffix, { appendSuffix: true })
    if (!name.ok) return c.json(errorBody(name.error, name.description), 400)
    const record = await findName(ctx.db, name.value.name)
    if (!record) return c.json(errorBody('Name not found', `${name.value.name} is not registered`), 404)
    return c.json(record, 200)
  })

  app.openapi(reverse, async (c) => {
    const address = parseAddress(c.req.valid('param').address)
    if (!address) return c.json(errorBody('Invalid address', 'The address must be an EVM (0x + 40 hex) or Solana (base58) address'), 400)
    return c.json(await namesForAddress(ctx.db, address.key, c.req.valid('query').coinType), 200)
  })

  app.openapi(suggestions, async (c) => {
    const name = parseName(c.req.valid('param').name, ctx.config.nameSuffix, { appendSuffix: true })
    if (!name.ok) return c.json(errorBody(name.error, name.description), 400)
    return c.json({ suggestions: await suggestNames(ctx.db, name.value.label, ctx.config.nameSuffix) }, 200)
  })

  app.openapi(registerRoute, async (c) => {
    const outcome = await registerName(ctx, c.req.valid('json'))
    if (outcome.status === 200) return c.json(outcome.record, 200)
    return c.json(errorBody(outcome.error, outcome.description), outcome.status)
  })
}
