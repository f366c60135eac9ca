import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Address } from 'viem'
import { clientIp, rateLimitKey } from '../clientIp.js'
import type { ProjectConfig } from '../config/projects.js'
import type { ServerContext } from '../context.js'
import type { App, AppEnv } from '../http/app.js'
import { errorResponses, json } from '../http/responses.js'
import { CommonQuery } from '../schemas.js'
import { maxCost, RpcUserOperationSchema, signedData, stubData } from './paymaster.js'

/**
 * The embedded wallet's smart accounts (ERC-4337), for the secure frame:
 * - GET /v1/smart-accounts: SPEC 'get smart-account-enabled networks' for the project, with each chain's contracts;
 * - POST /v1/bundler/{caip2}: the chain's bundler, whose URL (often keyed) is never shown; bundler methods only;
 * - POST /v1/paymaster/{caip2}: ERC-7677 pm_getPaymasterStubData / pm_getPaymasterData, signed with the
 *   paymaster's key for projects that sponsor the chain, within a cost cap, rate-limited per project and per IP.
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

const CallSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string().max(128), z.number(), z.null()]).optional(),
  method: z.string().min(1).max(128),
  params: z.array(z.unknown()).max(4).optional(),
})
type Call = z.infer<typeof CallSchema>

const Query = z.object(CommonQuery)
const Caip2Param = z.object({ caip2: z.string().openapi({ param: { name: 'caip2', in: 'path' }, example: 'eip155:31337' }) })
const JsonRpcBody = { required: true, content: { 'application/json': { schema: CallSchema.openapi('JsonRpcCall') } } } as const

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
const paymasterRoute = createRoute({
  method: 'post',
  path: '/v1/paymaster/{caip2}',
  summary: 'ERC-7677 gas sponsorship: pm_getPaymasterStubData and pm_getPaymasterData',
  request: { params: Caip2Param, query: Query, body: JsonRpcBody },
  responses: { 200: json(z.unknown(), '{ jsonrpc, id, result: { paymaster, paymasterData, … } }'), ...errorResponses },
})

export const NOT_ENABLED = 'Smart accounts are not enabled for this project on this network'
export const NOT_SPONSORED = 'Gas is not sponsored for this project on this network'

const rpcError = (c: Context, status: 400 | 403 | 404 | 429 | 502, code: number, message: string, id: Call['id'] = null) =>
  c.json({ jsonrpc: '2.0', id, error: { code, message } }, status)

const chainIdOf = (caip2: string) => Number(caip2.split(':')[1])

export function register(app: App, ctx: ServerContext) {
  /** A project's smart-account settings come from the configuration (the projects table keeps the rest). */
  const settingsOf = (projectId: string): Pick<ProjectConfig, 'smartAccountNetworks' | 'sponsoredNetworks'> =>
    ctx.config.projects.find((p) => p.projectId === projectId) ?? {}
  const chainFor = (projectId: string, caip2: string) =>
    settingsOf(projectId).smartAccountNetworks?.includes(caip2) ? ctx.config.smartAccounts?.chains[caip2] : undefined

  app.openapi(networksRoute, (c) => {
    const project = settingsOf(c.var.projectId)
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

  /** Parses one JSON-RPC call by hand, so that every refusal is a JSON-RPC error object. */
  async function parseCall(c: Context<AppEnv>): Promise<Call | Response> {
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      return rpcError(c, 400, -32700, 'Parse error')
    }
    const parsed = CallSchema.safeParse(body)
    return parsed.success ? parsed.data : rpcError(c, 400, -32600, 'Invalid request')
  }

  app.openAPIRegistry.registerPath(bundlerRoute)
  app.post('/v1/bundler/:caip2', async (c) => {
    const caip2 = c.req.param('caip2')
    const chain = chainFor(c.var.projectId, caip2)
    if (!chain) return rpcError(c, 403, -32601, NOT_ENABLED)
    const call = await parseCall(c)
    if (call instanceof Response) return call
    if (!BUNDLER_METHODS.has(call.method)) return rpcError(c, 403, -32601, `The method ${call.method.slice(0, 64)} is not a bundler method`, call.id ?? null)
    const limit = ctx.config.rateLimits.rpcPerIpPerMinute ?? 600
    if (!(await ctx.rateLimiter.hit(`bundler:${rateLimitKey(clientIp(c))}`, limit, 60_000))) return rpcError(c, 429, -32005, 'Rate limited', call.id ?? null)
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

  app.openAPIRegistry.registerPath(paymasterRoute)
  app.post('/v1/paymaster/:caip2', async (c) => {
    const caip2 = c.req.param('caip2')
    const { project, projectId } = c.var
    const chain = chainFor(projectId, caip2)
    const settings = ctx.config.smartAccounts?.paymaster
    if (!chain?.paymaster || !settings || !settingsOf(projectId).sponsoredNetworks?.includes(caip2)) return rpcError(c, 403, -32601, NOT_SPONSORED)
    const call = await parseCall(c)
    if (call instanceof Response) return call
    const id = call.id ?? null
    if (call.method !== 'pm_getPaymasterStubData' && call.method !== 'pm_getPaymasterData')
      return rpcError(c, 403, -32601, `The method ${call.method.slice(0, 64)} is not a paymaster method`, id)
    const [rawOp, entryPoint, chainId] = call.params ?? []
    const op = RpcUserOperationSchema.safeParse(rawOp)
    if (!op.success) return rpcError(c, 400, -32602, `Invalid UserOperation: ${op.error.issues[0]?.path.join('.')} ${op.error.issues[0]?.message}`, id)
    if (typeof entryPoint !== 'string' || entryPoint.toLowerCase() !== chain.entryPoint.toLowerCase())
      return rpcError(c, 400, -32602, `Unsupported EntryPoint: this paymaster serves ${chain.entryPoint}`, id)
    if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(chainId) || Number(chainId) !== chainIdOf(caip2))
      return rpcError(c, 400, -32602, `Wrong chain id: this is ${caip2}`, id)
    const cost = maxCost(op.data)
    if (cost > BigInt(settings.maxCostWei))
      return rpcError(c, 403, -32602, `The UserOperation may cost up to ${cost} wei, above the sponsorship limit of ${settings.maxCostWei} wei`, id)
    // Counted once per UserOperation: the final signature, not the stub used for gas estimation.
    if (call.method === 'pm_getPaymasterData') {
      const ip = rateLimitKey(clientIp(c))
      const projectOk = await ctx.rateLimiter.hit(`paymaster:project:${projectId}`, settings.perProjectPerMinute, 60_000)
      if (!projectOk || !(await ctx.rateLimiter.hit(`paymaster:ip:${ip}`, settings.perIpPerMinute, 60_000))) return rpcError(c, 429, -32005, 'Rate limited', id)
    }
    const validUntil = Math.floor(Date.now() / 1000) + settings.validForSeconds
    const paymaster = chain.paymaster as Address
    const result =
      call.method === 'pm_getPaymasterStubData'
        ? stubData(paymaster, validUntil, project.name)
        : await signedData(op.data, { chainId: chainIdOf(caip2), paymaster, signerKey: settings.signerKey, validUntil })
    return c.json({ jsonrpc: '2.0', id, result }, 200)
  })
}
