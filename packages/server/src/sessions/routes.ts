import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { App } from '../http/app.js'
import { errorBody, errorResponse, errorResponses, json } from '../http/responses.js'
import { clientIp, rateLimitKey } from '../clientIp.js'
import type { ServerContext } from '../context.js'
import { familyOfChain, familyOfNamespace } from '../chain/families.js'
import { CaipNetworkId, CommonQuery } from '../schemas.js'
import { sessionAddressKey } from './address.js'
import { ANY_ADDRESS, consumeNonce, DEFAULT_NONCE_TTL_MS, issueNonce } from './nonces.js'
import { SiwxSessionInputSchema, SiwxSessionSchema } from './schemas.js'
import { addSession, listSessions, revokeSessions, sessionLive } from './store.js'
import { sessionTokens, type SessionTokenClaims } from './tokens.js'
import { verifySiwxSession } from './verify.js'
import { Refusal } from '../refusals.js'

/**
 * Sign-in (SIWX) sessions, per project and address (SPEC §4 'Wallet sign-in'). Each message
 * carries a nonce the server issued (one use, short-lived); storing a session returns a session
 * token (ES256 JWT, keys at /.well-known/jwks.json), and only that address's token lists or
 * revokes its sessions, which hold whatever the visitor signed (DataCapture's email included).
 */

const AddressParam = z.object({
  address: z
    .string()
    .min(1)
    .max(128)
    .openapi({ param: { name: 'address', in: 'path' }, example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
})
const SessionsSchema = z.object({ sessions: z.array(SiwxSessionSchema) }).openapi('SiwxSessions')
const Bearer = [{ siwxSessionToken: [] }]
const unauthorized = {
  401: errorResponse('No session token, or not a live one of this project (Authorization: Bearer <token>)'),
  403: errorResponse("The token is another address's"),
}

const listRoute = createRoute({
  method: 'get',
  path: '/v1/sessions/{address}',
  summary: 'Unexpired sign-in sessions of an address (its session token required)',
  security: Bearer,
  request: {
    params: AddressParam,
    query: z.object({ ...CommonQuery, chainId: CaipNetworkId.optional().openapi({ description: 'Only this chain', example: 'eip155:1' }) }),
  },
  responses: {
    200: json(SessionsSchema, 'Sessions, oldest first'),
    ...errorResponses,
    ...unauthorized,
    400: errorResponse('Invalid address or chain'),
  },
})

const addRoute = createRoute({
  method: 'post',
  path: '/v1/sessions/{address}',
  summary: 'Store a sign-in session',
  description:
    'Verifies and stores a signed SIWX message for the address: the text must be exactly the CAIP-122 / EIP-4361 ' +
    'message its data describes, its nonce one that POST /v1/sessions/{address}/nonce issued for this project and ' +
    'address (unexpired, unused: it is used up here), its domain an allowed origin of the project, issued within the ' +
    'last 10 minutes, and signed by the account (eip155: EIP-191, or EIP-1271 for contract accounts; solana: ed25519 ' +
    'over the UTF-8 message, the signature in base58). ' +
    'Answers the stored session and its session token (an ES256 JWT: iss the server, aud the project id, sub the ' +
    'address key, address, chainId, domain, sid the nonce, iat, exp, jti; keys at /.well-known/jwks.json).',
  request: {
    params: AddressParam,
    query: z.object(CommonQuery),
    body: { required: true, content: { 'application/json': { schema: SiwxSessionInputSchema } } },
  },
  responses: {
    200: {
      description: "Stored; the token lists and revokes this address's sessions until it expires or its session is revoked",
      content: {
        'application/json': { schema: z.object({ session: SiwxSessionSchema, token: z.string(), expiresAt: z.string() }).openapi('SiwxSessionStored') },
      },
    },
    ...errorResponses,
    400: errorResponse('Invalid session'),
    401: errorResponse('Invalid signature, or a nonce that was not issued for this address, expired or was used'),
  },
})

const revokeRoute = createRoute({
  method: 'post',
  path: '/v1/sessions/{address}/revoke',
  summary: "Delete an address's sessions (all, one chain's, or one nonce's; its session token required)",
  security: Bearer,
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
    200: json(z.object({ revoked: z.number().int() }), 'How many were deleted'),
    ...errorResponses,
    ...unauthorized,
    400: errorResponse('Invalid address'),
  },
})

const nonceRoute = createRoute({
  method: 'post',
  path: '/v1/sessions/{address}/nonce',
  summary: 'A one-time nonce for the next sign-in message of the address',
  description: 'The nonce works once, for this project and address, until expiresAt (10 minutes by default).',
  request: { params: AddressParam, query: z.object(CommonQuery) },
  responses: {
    200: json(z.object({ nonce: z.string(), expiresAt: z.string() }).openapi('SiwxNonce'), 'The nonce'),
    ...errorResponses,
    400: errorResponse('Invalid address'),
  },
})

const anyNonceRoute = createRoute({
  method: 'post',
  path: '/v1/sessions/nonce',
  summary: 'A one-time nonce for a sign-in whose account the wallet picks (WalletConnect one-click auth)',
  description:
    'For a sign-in request sent before the account is known (SPEC §4: connect and sign in with one approval): the nonce ' +
    'works once, for this project and whichever address signs it, until expiresAt (10 minutes by default).',
  request: { query: z.object(CommonQuery) },
  responses: {
    200: json(z.object({ nonce: z.string(), expiresAt: z.string() }).openapi('SiwxNonce'), 'The nonce'),
    ...errorResponses,
  },
})

const jwksRoute = createRoute({
  method: 'get',
  path: '/.well-known/jwks.json',
  summary: 'The public keys that verify sign-in session tokens (ES256)',
  responses: {
    200: {
      description: 'A JSON Web Key Set',
      content: { 'application/json': { schema: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).openapi('Jwks') } },
    },
  },
})

/** A session-token route's refusal: no live token of this project (401), or another address's (403). */
type OwnerRefusal = { status: 401 | 403; body: ReturnType<typeof errorBody> }

const BAD_ADDRESS = errorBody('Invalid address', 'The address must be an EVM (0x + 40 hex), Solana (base58) or Bitcoin address')
/** Nonces per client IP and minute: each is a row until it expires. */
const NONCES_PER_IP_PER_MINUTE = 60

export function register(app: App, ctx: ServerContext) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'siwxSessionToken', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })

  /** The token's claims when it is a live session token of `addressKey` in this project; else the refusal to answer. */
  async function owner(c: Context, addressKey: string): Promise<{ claims: SessionTokenClaims } | { refusal: OwnerRefusal }> {
    const projectId = c.get('projectId') as string
    const bearer = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)$/i.exec(c.req.header('authorization') ?? '')?.[1]
    const claims = bearer ? await (await sessionTokens(ctx)).verify(bearer, projectId) : undefined
    if (!claims || !(await sessionLive(ctx.db, projectId, claims.sub, claims.chainId, claims.sid))) {
      c.header('www-authenticate', 'Bearer')
      return { refusal: { status: 401, body: errorBody('Unauthorized', "Send this address's session token (Authorization: Bearer <token>), from signing in") } }
    }
    if (claims.sub !== addressKey) return { refusal: { status: 403, body: errorBody('Forbidden', 'The session token belongs to another address') } }
    return { claims }
  }

  // Before POST /v1/sessions/{address}, which 'nonce' would match otherwise.
  app.openapi(anyNonceRoute, async (c) => {
    if (!(await ctx.rateLimiter.hit(`siwx-nonce:${rateLimitKey(clientIp(c))}`, NONCES_PER_IP_PER_MINUTE, 60_000))) throw Refusal.rateLimited()
    c.header('cache-control', 'no-store')
    return c.json(await issueNonce(ctx.db, c.get('projectId'), ANY_ADDRESS, ctx.config.siwx?.nonceTtlMs ?? DEFAULT_NONCE_TTL_MS), 200)
  })

  app.openapi(nonceRoute, async (c) => {
    const address = sessionAddressKey(c.req.valid('param').address)
    if (!address) return c.json(BAD_ADDRESS, 400)
    if (!(await ctx.rateLimiter.hit(`siwx-nonce:${rateLimitKey(clientIp(c))}`, NONCES_PER_IP_PER_MINUTE, 60_000))) throw Refusal.rateLimited()
    c.header('cache-control', 'no-store')
    return c.json(await issueNonce(ctx.db, c.get('projectId'), address.key, ctx.config.siwx?.nonceTtlMs ?? DEFAULT_NONCE_TTL_MS), 200)
  })

  app.openapi(listRoute, async (c) => {
    const address = sessionAddressKey(c.req.valid('param').address)
    if (!address) return c.json(BAD_ADDRESS, 400)
    const allowed = await owner(c, address.key)
    if ('refusal' in allowed) return c.json(allowed.refusal.body, allowed.refusal.status)
    c.header('cache-control', 'no-store')
    return c.json({ sessions: await listSessions(ctx.db, c.get('projectId'), address.key, c.req.valid('query').chainId) }, 200)
  })

  app.openapi(addRoute, async (c) => {
    const address = sessionAddressKey(c.req.valid('param').address)
    if (!address) return c.json(BAD_ADDRESS, 400)
    const input = c.req.valid('json')
    const projectId = c.get('projectId')
    const account = sessionAddressKey(input.data.accountAddress)
    if (!account || account.key !== address.key) return c.json(errorBody('Invalid session', 'data.accountAddress must be the address in the path'), 400)
    const family = familyOfNamespace(address.namespace)
    if (family && familyOfChain(input.data.chainId) !== family)
      return c.json(errorBody('Invalid session', `data.chainId must be ${family.words.chain} for ${family.words.address}`), 400)
    if (input.data.expirationTime && Date.parse(input.data.expirationTime) <= Date.now())
      return c.json(errorBody('Session expired', 'data.expirationTime is in the past; sign a new message'), 400)
    const verified = await verifySiwxSession(ctx, projectId, input)
    if (!verified.ok) return c.json(errorBody(verified.error, verified.description), verified.error === 'Invalid signature' ? 401 : 400)
    // Last, so that only a message that passed every check uses its nonce up; one use only.
    if (!(await consumeNonce(ctx.db, projectId, address.key, input.data.nonce)))
      return c.json(errorBody('Invalid nonce', 'The nonce was not issued for this address, expired or was used already; sign a message with a new one'), 401)
    const session = await addSession(ctx.db, projectId, address.key, input)
    const { token, expiresAt } = await (await sessionTokens(ctx)).sign({
      aud: projectId,
      sub: address.key,
      address: input.data.accountAddress,
      chainId: input.data.chainId,
      domain: input.data.domain,
      sid: input.data.nonce,
      expiresAt: input.data.expirationTime ? Date.parse(input.data.expirationTime) : undefined,
    })
    c.header('cache-control', 'no-store')
    return c.json({ session, token, expiresAt: new Date(expiresAt).toISOString() }, 200)
  })

  app.openapi(revokeRoute, async (c) => {
    const address = sessionAddressKey(c.req.valid('param').address)
    if (!address) return c.json(BAD_ADDRESS, 400)
    const allowed = await owner(c, address.key)
    if ('refusal' in allowed) return c.json(allowed.refusal.body, allowed.refusal.status)
    const filter = c.req.valid('json') ?? {}
    return c.json({ revoked: await revokeSessions(ctx.db, c.get('projectId'), address.key, filter) }, 200)
  })

  app.openapi(jwksRoute, async (c) => {
    c.header('cache-control', 'public, max-age=300')
    return c.json((await sessionTokens(ctx)).jwks, 200)
  })
}
