import { createRoute, z } from '@hono/zod-openapi'
import type { App } from '../app.js'
import type { ServerContext } from '../context.js'
import { CaipNetworkId, CommonQuery, ErrorSchema, errorResponses } from '../schemas.js'
import { sessionAddressKey } from '../sessions/address.js'
import { SiwxSessionInputSchema, SiwxSessionSchema } from '../sessions/schemas.js'
import { addSession, listSessions, revokeSessions } from '../sessions/store.js'
import { verifySiwxSession } from '../sessions/verify.js'

/** Sign-in (SIWX) session storage, per project and address (SPEC §4 'Wallet sign-in'). */

const err = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } })
const AddressParam = z.object({
  address: z.string().min(1).max(128).openapi({ param: { name: 'address', in: 'path' }, example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
})
const SessionsSchema = z.object({ sessions: z.array(SiwxSessionSchema) }).openapi('SiwxSessions')

const listRoute = createRoute({
  method: 'get',
  path: '/v1/sessions/{address}',
  summary: 'Unexpired sign-in sessions of an address',
  request: {
    params: AddressParam,
    query: z.object({ ...CommonQuery, chainId: CaipNetworkId.optional().openapi({ description: 'Only this chain', example: 'eip155:1' }) }),
  },
  responses: {
    200: { description: 'Sessions, oldest first', content: { 'application/json': { schema: SessionsSchema } } },
    ...errorResponses,
    400: err('Invalid address or chain'),
  },
})

const addRoute = createRoute({
  method: 'post',
  path: '/v1/sessions/{address}',
  summary: 'Store a sign-in session',
  description:
    'Verifies and stores a signed SIWX message for the address: the text must be exactly the CAIP-122 / EIP-4361 ' +
    'message its data describes, its domain an allowed origin of the project, issued within the last 10 minutes, and ' +
    'signed by the account (EIP-191, or EIP-1271 for contract accounts; eip155 only for now). A session with the same ' +
    'chain and nonce replaces the earlier one.',
  request: {
    params: AddressParam,
    query: z.object(CommonQuery),
    body: { required: true, content: { 'application/json': { schema: SiwxSessionInputSchema } } },
  },
  responses: {
    200: { description: 'Stored', content: { 'application/json': { schema: z.object({ session: SiwxSessionSchema }) } } },
    ...errorResponses,
    400: err('Invalid session'),
    401: err('Invalid signature'),
  },
})

const revokeRoute = createRoute({
  method: 'post',
  path: '/v1/sessions/{address}/revoke',
  summary: "Delete an address's sessions (all, one chain's, or one nonce's)",
  request: {
    params: AddressParam,
    query: z.object(CommonQuery),
    body: {
      required: false,
      content: {
        'application/json': {
          schema: z.object({ chainId: CaipNetworkId.optional(), nonce: z.string().min(1).max(256).optional() }),
        },
      },
    },
  },
  responses: {
    200: { description: 'How many were deleted', content: { 'application/json': { schema: z.object({ revoked: z.number().int() }) } } },
    ...errorResponses,
    400: err('Invalid address'),
  },
})

const fail = (error: string, description: string) => ({ error, reasons: [{ description }] })
const BAD_ADDRESS = fail('Invalid address', 'The address must be an EVM (0x + 40 hex), Solana (base58) or Bitcoin address')

export function register(app: App, ctx: ServerContext) {
  app.openapi(listRoute, async (c) => {
    const address = sessionAddressKey(c.req.valid('param').address)
    if (!address) return c.json(BAD_ADDRESS, 400)
    return c.json({ sessions: await listSessions(ctx.db, c.get('projectId'), address.key, c.req.valid('query').chainId) }, 200)
  })

  app.openapi(addRoute, async (c) => {
    const address = sessionAddressKey(c.req.valid('param').address)
    if (!address) return c.json(BAD_ADDRESS, 400)
    const input = c.req.valid('json')
    const account = sessionAddressKey(input.data.accountAddress)
    if (!account || account.key !== address.key)
      return c.json(fail('Invalid session', 'data.accountAddress must be the address in the path'), 400)
    if (address.namespace === 'eip155' && !input.data.chainId.startsWith('eip155:'))
      return c.json(fail('Invalid session', 'data.chainId must be an eip155 chain for an EVM address'), 400)
    if (input.data.expirationTime && Date.parse(input.data.expirationTime) <= Date.now())
      return c.json(fail('Session expired', 'data.expirationTime is in the past; sign a new message'), 400)
    const verified = await verifySiwxSession(ctx, c.get('projectId'), input)
    if (!verified.ok) return c.json(fail(verified.error, verified.description), verified.error === 'Invalid signature' ? 401 : 400)
    return c.json({ session: await addSession(ctx.db, c.get('projectId'), address.key, input) }, 200)
  })

  app.openapi(revokeRoute, async (c) => {
    const address = sessionAddressKey(c.req.valid('param').address)
    if (!address) return c.json(BAD_ADDRESS, 400)
    const filter = c.req.valid('json') ?? {}
    return c.json({ revoked: await revokeSessions(ctx.db, c.get('projectId'), address.key, filter) }, 200)
  })
}
