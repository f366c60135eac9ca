import { primaryRpcUrl } from '../config/rpc.js'
import { createRoute, z } from '@hono/zod-openapi'
import { type CaipNetworkId, ErrorText, isCaip2, parseCaipNetworkId } from '@portico/core/spec'
import type { Context } from 'hono'
import type { App } from '../http/app.js'
import { errorResponses, json } from '../http/responses.js'
import { clientIp, rateLimitKey } from '../clientIp.js'
import type { ServerContext } from '../context.js'
import { CommonQuery } from '../schemas.js'
import { familyOfNamespace } from './families.js'

/*
 * Chain reads for the embedded wallet's frame (and any allowed page), so that no page needs the
 * server's upstream RPC URLs, which often carry a provider key. Only the methods of the chain's
 * family are forwarded (ChainFamily.rpcMethods): reads, plus the broadcast of a transaction somebody
 * already signed (eth_sendRawTransaction, Solana sendTransaction), which gives the caller no power the
 * chain's public mempool does not. Everything else (signing, account and admin namespaces, debug and
 * trace, mining, a devnet's anvil_/hardhat_ methods) is refused.
 */
export const NOT_ALLOWED = ErrorText.rpcCallNotAllowed // SPEC §8
const MAX_BATCH = 20
const UPSTREAM_TIMEOUT_MS = 10_000
const DEFAULT_PER_IP_PER_MINUTE = 600

const CallSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string().max(128), z.number(), z.null()]).optional(),
  method: z.string().min(1).max(128),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
})
type Call = z.infer<typeof CallSchema>

const route = createRoute({
  method: 'post',
  path: '/v1/rpc/{caip2}',
  summary: "Read a chain through the server's own RPC endpoint (allowlisted methods only)",
  description:
    'A JSON-RPC 2.0 request or a batch of up to 20, forwarded to the chain endpoint the server is configured with, ' +
    'whose URL is never shown. Only read methods (and the broadcast of signed transactions) are forwarded; any ' +
    `other method is refused with 403 and '${NOT_ALLOWED}'. Limited per client IP.`,
  request: {
    params: z.object({ caip2: z.string().openapi({ param: { name: 'caip2', in: 'path' }, example: 'eip155:1' }) }),
    query: z.object(CommonQuery),
    body: { required: true, content: { 'application/json': { schema: z.union([CallSchema, z.array(CallSchema)]).openapi('JsonRpcRequest') } } },
  },
  responses: {
    200: json(z.unknown(), "The chain's JSON-RPC answer, as it gave it"),
    ...errorResponses,
    403: json(z.unknown(), 'A method that is not forwarded, or an unknown project'),
    404: json(z.unknown(), 'No endpoint for this chain'),
    502: json(z.unknown(), 'The chain endpoint failed'),
  },
})

const rpcError = (c: Context, status: 400 | 403 | 404 | 429 | 502, code: number, message: string, id: Call['id'] = null) =>
  c.json({ jsonrpc: '2.0', id, error: { code, message } }, status)

/**
 * SPEC §7 'A chain-specific RPC host is used for a known list of chains:
 * {rpc}/v1/?chainId={id}&projectId={projectId}': the same forwarding, the chain named in the query
 * (a CAIP-2 id such as eip155:1, or an EVM chain id alone).
 */
const ChainIdQuery = z
  .string()
  .regex(/^(?:[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}|\d{1,12})$/, 'chainId must be a CAIP-2 chain id (eip155:1) or an EVM chain id')
  .transform((id) => (id.includes(':') ? id : `eip155:${id}`))

const hostRoute = createRoute({
  method: 'post',
  path: '/v1/',
  summary: 'The chain-specific RPC host (SPEC §7): the same allowlisted forwarding, the chain in the query',
  description: `Like POST /v1/rpc/{caip2}, for the chain given as chainId (eip155:1, or 1). Methods outside the allowlist get 403 and '${NOT_ALLOWED}'.`,
  request: {
    query: z.object({ ...CommonQuery, chainId: ChainIdQuery.openapi({ example: 'eip155:1' }) }),
    body: { required: true, content: { 'application/json': { schema: z.union([CallSchema, z.array(CallSchema)]) } } },
  },
  responses: route.responses,
})

export function register(app: App, ctx: ServerContext) {
  // Parsed by hand (not by the route's schema) so that every refusal is a JSON-RPC error object.
  app.openAPIRegistry.registerPath(route)
  app.openAPIRegistry.registerPath(hostRoute)
  app.post('/v1/rpc/:caip2', (c) => forward(c, ctx, c.req.param('caip2')))
  app.post('/v1/', (c) => {
    const chainId = ChainIdQuery.safeParse(c.req.query('chainId') ?? '')
    if (!chainId.success) return rpcError(c, 400, -32602, chainId.error.issues[0]?.message ?? 'Invalid chainId')
    return forward(c, ctx, chainId.data)
  })
}

async function forward(c: Context, ctx: ServerContext, caip2: string) {
  const namespace = isCaip2(caip2) ? parseCaipNetworkId(caip2 as CaipNetworkId).namespace : ''
  const methods = familyOfNamespace(namespace)?.rpcMethods
  const upstream = primaryRpcUrl(ctx.config, caip2)
  if (!methods || !upstream) return rpcError(c, 404, -32601, `No RPC endpoint for chain ${caip2.slice(0, 80)}`)

  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    return rpcError(c, 400, -32700, 'Parse error')
  }
  const parsed = z.union([CallSchema, z.array(CallSchema).min(1).max(MAX_BATCH)]).safeParse(body)
  if (!parsed.success) return rpcError(c, 400, -32600, 'Invalid request')
  const calls: Call[] = Array.isArray(parsed.data) ? parsed.data : [parsed.data]
  const refused = calls.find((call) => !methods.has(call.method))
  if (refused) return rpcError(c, 403, -32601, NOT_ALLOWED, refused.id ?? null)

  const limit = ctx.config.rateLimits.rpcPerIpPerMinute ?? DEFAULT_PER_IP_PER_MINUTE
  const ip = clientIp(c)
  for (let i = 0; i < calls.length; i++)
    if (!(await ctx.rateLimiter.hit(`rpc:${rateLimitKey(ip)}`, limit, 60_000))) return rpcError(c, 429, -32005, 'Rate limited', calls[0]!.id ?? null)

  // Only the JSON-RPC fields travel upstream.
  const clean = calls.map(({ jsonrpc, id, method, params }) => ({ jsonrpc, id: id ?? null, method, ...(params !== undefined ? { params } : {}) }))
  let response: Response
  try {
    response = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(Array.isArray(parsed.data) ? clean : clean[0]),
      redirect: 'error',
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    })
  } catch {
    return rpcError(c, 502, -32603, 'The chain endpoint is unavailable', calls[0]!.id ?? null)
  }
  const text = await response.text()
  // A JSON-RPC answer passes as it is (an upstream error object included); anything else is 502.
  if (!isJson(text) || !(response.ok || /"jsonrpc"/.test(text)))
    return rpcError(c, 502, -32603, `The chain endpoint failed (HTTP ${response.status})`, calls[0]!.id ?? null)
  return new Response(text, { status: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } })
}

function isJson(text: string) {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}
