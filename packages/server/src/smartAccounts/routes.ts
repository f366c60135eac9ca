import { createRoute, z } from '@hono/zod-openapi'
import { SponsorshipErrorCode } from '@portico/core/spec'
import type { ServerContext } from '../context.js'
import type { App } from '../http/app.js'
import { errorResponses, json } from '../http/responses.js'
import { register as registerPaymaster } from './paymasterRoutes.js'
import {
  Caip2Param,
  chainIdOf,
  JsonRpcBody,
  NOT_ENABLED,
  overLimit,
  parseCall,
  projectSettings,
  Query,
  rpcError,
  smartAccountChain,
  userOf,
} from './requests.js'

export { NOT_ENABLED, NOT_SPONSORED, USED_UP } from './requests.js'

/**
 * The embedded wallet's smart accounts (ERC-4337), for the secure frame:
 * - GET /v1/smart-accounts: SPEC 'get smart-account-enabled networks' for the project, with each chain's contracts;
 * - POST /v1/bundler/{caip2}: the chain's bundler, whose URL (often keyed) is never shown; bundler methods only,
 *   for a signed-in embedded-wallet user (DPoP session), limited per client address and per user;
 * - the paymaster's routes: paymasterRoutes.ts.
 */
export const BUNDLER_METHODS = new Set([
  'eth_chainId',
  'eth_supportedEntryPoints',
  'eth_estimateUserOperationGas',
  'eth_sendUserOperation',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'pimlico_getUserOperationGasPrice',
  'pimlico_getUserOperationStatus',
])
const UPSTREAM_TIMEOUT_MS = 30_000

const networksRoute = createRoute({
  method: 'get',
  path: '/v1/smart-accounts',
  summary: "The project's smart-account-enabled networks and each one's ERC-4337 contracts",
  request: { query: Query },
  responses: { 200: json(z.unknown(), '{ smartAccountEnabledNetworks: chain ids, chains: { caip2: { entryPoint, safe, sponsored } } }'), ...errorResponses },
})
const bundlerRoute = createRoute({
  method: 'post',
  path: '/v1/bundler/{caip2}',
  summary: "The chain's ERC-4337 bundler (bundler methods only; its URL is never shown)",
  request: { params: Caip2Param, query: Query, body: JsonRpcBody },
  responses: { 200: json(z.unknown(), "The bundler's JSON-RPC answer"), ...errorResponses, 502: json(z.unknown(), 'The bundler failed') },
})

export function register(app: App, ctx: ServerContext) {
  app.openapi(networksRoute, (c) => {
    const project = projectSettings(ctx, c.var.projectId)
    const chains = Object.entries(ctx.config.smartAccounts?.chains ?? {}).filter(([caip2]) => project.smartAccountNetworks?.includes(caip2))
    return c.json(
      {
        smartAccountEnabledNetworks: chains.map(([caip2]) => chainIdOf(caip2)),
        chains: Object.fromEntries(
          chains.map(([caip2, chain]) => [
            caip2,
            {
              entryPoint: chain.entryPoint,
              safe: chain.safe,
              sponsored: Boolean(chain.paymaster && ctx.config.smartAccounts?.paymaster && project.sponsoredNetworks?.includes(caip2)),
            },
          ]),
        ),
      },
      200,
    )
  })

  app.openAPIRegistry.registerPath(bundlerRoute)
  app.post('/v1/bundler/:caip2', async (c) => {
    const caip2 = c.req.param('caip2')
    const chain = smartAccountChain(ctx, c.var.projectId, caip2)
    if (!chain) return rpcError(c, 403, -32601, NOT_ENABLED)
    // A receipt is polled every 250 ms while an operation is pending: the RPC route's limits, per address and per user.
    const perMinute = { ip: ctx.config.rateLimits.rpcPerIpPerMinute ?? 600, user: ctx.config.rateLimits.rpcPerIpPerMinute ?? 600 }
    if (await overLimit(ctx, c, 'bundler', perMinute)) return rpcError(c, 429, SponsorshipErrorCode.rateLimited, 'Rate limited')
    const raw = await c.req.text()
    const user = await userOf(ctx, c, raw)
    if (user instanceof Response) return user
    if (await overLimit(ctx, c, 'bundler', perMinute, user)) return rpcError(c, 429, SponsorshipErrorCode.rateLimited, 'Rate limited')
    const call = parseCall(c, raw)
    if (call instanceof Response) return call
    if (!BUNDLER_METHODS.has(call.method)) return rpcError(c, 403, -32601, `The method ${call.method.slice(0, 64)} is not a bundler method`, call.id ?? null)
    let response: Response
    try {
      response = await fetch(chain.bundlerUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: call.id ?? null, method: call.method, params: call.params ?? [] }),
        redirect: 'error',
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      })
    } catch {
      return rpcError(c, 502, -32603, 'The bundler is unavailable', call.id ?? null)
    }
    const text = await response.text()
    if (!/"jsonrpc"/.test(text)) return rpcError(c, 502, -32603, `The bundler failed (HTTP ${response.status})`, call.id ?? null)
    return new Response(text, { status: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } })
  })

  registerPaymaster(app, ctx)
}
