import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Address } from 'viem'
import { clientIp, rateLimitKey } from '../clientIp.js'
import type { ProjectConfig } from '../config/projects.js'
import type { ServerContext } from '../context.js'
import type { App, AppEnv } from '../http/app.js'
import { errorResponses, json } from '../http/responses.js'
import { CommonQuery } from '../schemas.js'
import { SponsorshipErrorCode } from '@portico/core/spec'
import { AuthError } from '../auth/state.js'
import { remainingBudget, reserveSponsorship, type BudgetLimits } from './budget.js'
import { checkGasTerms, readChainFees, type ChainFees } from './gasTerms.js'
import { maxCost, RpcUserOperationSchema, signedData, stubData, userOpHashOf } from './paymaster.js'
import { ownSmartAccount, sponsoredUser, type SponsoredUser } from './sponsoredUser.js'

/**
 * The embedded wallet's smart accounts (ERC-4337), for the secure frame:
 * - GET /v1/smart-accounts: SPEC 'get smart-account-enabled networks' for the project, with each chain's contracts;
 * - POST /v1/bundler/{caip2}: the chain's bundler, whose URL (often keyed) is never shown; bundler methods only,
 *   for a signed-in embedded-wallet user (DPoP session), limited per client address and per user;
 * - POST /v1/paymaster/{caip2}: ERC-7677 pm_getPaymasterStubData / pm_getPaymasterData, signed with the
 *   paymaster's key only for a signed-in embedded-wallet user (the frame's DPoP session), only for that
 *   user's own Safe, only on chains the project sponsors, only for fair gas terms (gasTerms.ts), and within
 *   the user's and the project's daily budgets (budget.ts). Limits in this order: per client address and
 *   per user first; the project's per-minute quota counts signed sponsorships only;
 * - GET /v1/paymaster/{caip2}/budget: what the signed-in user has left today on the chain.
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
const budgetRoute = createRoute({
  method: 'get',
  path: '/v1/paymaster/{caip2}/budget',
  summary: "The signed-in embedded-wallet user's sponsorship left today on the chain (DPoP session)",
  request: { params: Caip2Param, query: Query },
  responses: { 200: json(z.unknown(), '{ sponsored, remainingWei, resetsAt }'), ...errorResponses },
})

export const NOT_ENABLED = 'Smart accounts are not enabled for this project on this network'
export const NOT_SPONSORED = 'Gas is not sponsored for this project on this network'
export const USED_UP = 'Gas sponsorship is used up for today'

const rpcError = (c: Context, status: 400 | 401 | 403 | 404 | 429 | 502, code: number, message: string, id: Call['id'] = null, data?: unknown) =>
  c.json({ jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } }, status)

const chainIdOf = (caip2: string) => Number(caip2.split(':')[1])

/** The chain's fees, read at most every 2 s per chain (every sponsorship request checks against them). */
const FEES_TTL_MS = 2_000

export function register(app: App, ctx: ServerContext) {
  /** A project's smart-account settings come from the configuration (the projects table keeps the rest). */
  const settingsOf = (projectId: string): Pick<ProjectConfig, 'smartAccountNetworks' | 'sponsoredNetworks' | 'sponsorshipBudget'> =>
    ctx.config.projects.find((p) => p.projectId === projectId) ?? {}
  const chainFor = (projectId: string, caip2: string) =>
    settingsOf(projectId).smartAccountNetworks?.includes(caip2) ? ctx.config.smartAccounts?.chains[caip2] : undefined
  const sponsoring = (projectId: string, caip2: string) => {
    const chain = chainFor(projectId, caip2)
    const settings = ctx.config.smartAccounts?.paymaster
    if (!chain?.paymaster || !settings || !settingsOf(projectId).sponsoredNetworks?.includes(caip2)) return undefined
    const own = settingsOf(projectId).sponsorshipBudget
    const limits: BudgetLimits = {
      perUserPerDayWei: BigInt(own?.perUserPerDayWei ?? settings.perUserPerDayWei),
      perProjectPerDayWei: BigInt(own?.perProjectPerDayWei ?? settings.perProjectPerDayWei),
      perProjectPerMinute: settings.perProjectPerMinute,
    }
    return { chain, paymaster: chain.paymaster as Address, settings, limits }
  }
  const fees = new Map<string, { at: number; fees: Promise<ChainFees> }>()
  const chainFees = (caip2: string): Promise<ChainFees> => {
    const cached = fees.get(caip2)
    if (cached && Date.now() - cached.at < FEES_TTL_MS) return cached.fees
    const client = ctx.evmClient(caip2)
    if (!client) return Promise.reject(new Error(`no RPC for ${caip2}`))
    const read = readChainFees(client)
    read.catch(() => fees.delete(caip2))
    fees.set(caip2, { at: Date.now(), fees: read })
    return read
  }

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
  function parseCall(c: Context<AppEnv>, raw: string): Call | Response {
    let body: unknown
    try {
      body = JSON.parse(raw)
    } catch {
      return rpcError(c, 400, -32700, 'Parse error')
    }
    const parsed = CallSchema.safeParse(body)
    return parsed.success ? parsed.data : rpcError(c, 400, -32600, 'Invalid request')
  }

  /** The signed-in user behind this request (DPoP proof and session), or the JSON-RPC refusal to answer. */
  async function userOf(c: Context<AppEnv>, raw: string | undefined): Promise<SponsoredUser | Response> {
    try {
      return await sponsoredUser(ctx, {
        method: c.req.method,
        path: c.req.path,
        body: raw,
        authorization: c.req.header('authorization'),
        dpop: c.req.header('dpop'),
        projectId: c.var.projectId,
      })
    } catch (error) {
      if (!(error instanceof AuthError)) throw error
      return rpcError(c, error.status === 401 ? 401 : 403, SponsorshipErrorCode.unauthorized, error.message)
    }
  }

  /** Per client address, then per user: before anything is read, checked or signed. */
  async function limited(c: Context<AppEnv>, scope: 'bundler' | 'paymaster', perMinute: { ip: number; user: number }, user?: SponsoredUser) {
    const key = user ? `${scope}:user:${user.session.userId}` : `${scope}:ip:${rateLimitKey(clientIp(c))}`
    return !(await ctx.rateLimiter.hit(key, user ? perMinute.user : perMinute.ip, 60_000))
  }

  app.openAPIRegistry.registerPath(bundlerRoute)
  app.post('/v1/bundler/:caip2', async (c) => {
    const caip2 = c.req.param('caip2')
    const chain = chainFor(c.var.projectId, caip2)
    if (!chain) return rpcError(c, 403, -32601, NOT_ENABLED)
    // A receipt is polled every 250 ms while an operation is pending: the RPC route's limits, per address and per user.
    const perMinute = { ip: ctx.config.rateLimits.rpcPerIpPerMinute ?? 600, user: ctx.config.rateLimits.rpcPerIpPerMinute ?? 600 }
    if (await limited(c, 'bundler', perMinute)) return rpcError(c, 429, SponsorshipErrorCode.rateLimited, 'Rate limited')
    const raw = await c.req.text()
    const user = await userOf(c, raw)
    if (user instanceof Response) return user
    if (await limited(c, 'bundler', perMinute, user)) return rpcError(c, 429, SponsorshipErrorCode.rateLimited, 'Rate limited')
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

  app.openAPIRegistry.registerPath(budgetRoute)
  app.get('/v1/paymaster/:caip2/budget', async (c) => {
    const caip2 = c.req.param('caip2')
    const sponsor = sponsoring(c.var.projectId, caip2)
    if (!sponsor) return rpcError(c, 403, -32601, NOT_SPONSORED)
    const perMinute = { ip: sponsor.settings.perIpPerMinute, user: sponsor.settings.perUserPerMinute }
    if (await limited(c, 'paymaster', perMinute)) return rpcError(c, 429, SponsorshipErrorCode.rateLimited, 'Rate limited')
    const user = await userOf(c, undefined)
    if (user instanceof Response) return user
    const left = await remainingBudget(ctx.db, { projectId: c.var.projectId, userId: user.session.userId, caip2, limits: sponsor.limits, now: new Date() })
    const remaining = left.userRemainingWei < left.projectRemainingWei ? left.userRemainingWei : left.projectRemainingWei
    return c.json({ sponsored: remaining > 0n, remainingWei: remaining.toString(), resetsAt: left.resetsAt.toISOString() }, 200, {
      'cache-control': 'no-store',
    })
  })

  app.openAPIRegistry.registerPath(paymasterRoute)
  app.post('/v1/paymaster/:caip2', async (c) => {
    const caip2 = c.req.param('caip2')
    const { project, projectId } = c.var
    const sponsor = sponsoring(projectId, caip2)
    if (!sponsor) return rpcError(c, 403, -32601, NOT_SPONSORED)
    const { chain, paymaster, settings, limits } = sponsor
    const perMinute = { ip: settings.perIpPerMinute, user: settings.perUserPerMinute }
    if (await limited(c, 'paymaster', perMinute)) return rpcError(c, 429, SponsorshipErrorCode.rateLimited, 'Rate limited')
    const raw = await c.req.text()
    const user = await userOf(c, raw)
    if (user instanceof Response) return user
    if (await limited(c, 'paymaster', perMinute, user)) return rpcError(c, 429, SponsorshipErrorCode.rateLimited, 'Rate limited')
    const call = parseCall(c, raw)
    if (call instanceof Response) return call
    const id = call.id ?? null
    if (call.method !== 'pm_getPaymasterStubData' && call.method !== 'pm_getPaymasterData')
      return rpcError(c, 403, -32601, `The method ${call.method.slice(0, 64)} is not a paymaster method`, id)
    const [rawOp, entryPoint, chainId] = call.params ?? []
    const parsed = RpcUserOperationSchema.safeParse(rawOp)
    if (!parsed.success)
      return rpcError(c, 400, -32602, `Invalid UserOperation: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`, id)
    const op = parsed.data
    if (typeof entryPoint !== 'string' || entryPoint.toLowerCase() !== chain.entryPoint.toLowerCase())
      return rpcError(c, 400, -32602, `Unsupported EntryPoint: this paymaster serves ${chain.entryPoint}`, id)
    if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(chainId) || Number(chainId) !== chainIdOf(caip2))
      return rpcError(c, 400, -32602, `Wrong chain id: this is ${caip2}`, id)
    const client = ctx.evmClient(caip2)
    if (!client) return rpcError(c, 502, -32603, `No RPC endpoint for ${caip2}`, id)
    const own = await ownSmartAccount({ caip2, chain, client, owner: user.owner })
    if (op.sender.toLowerCase() !== own.toLowerCase())
      return rpcError(c, 403, SponsorshipErrorCode.notOwnAccount, `The sender ${op.sender} is not this user's smart account on ${caip2}`, id)
    const now = new Date()
    const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
    const usedUp = (scope: 'user' | 'project', remainingWei: bigint) =>
      rpcError(c, 403, SponsorshipErrorCode.usedUp, USED_UP, id, { scope, remainingWei: remainingWei.toString(), resetsAt: resetsAt.toISOString() })
    const validUntil = Math.floor(now.getTime() / 1000) + settings.validForSeconds
    // The stub only shapes gas estimation: its gas fields are placeholders, so terms and cost are checked on the
    // real request; it says early when nothing is left today (the real request counts under the lock).
    if (call.method === 'pm_getPaymasterStubData') {
      const left = await remainingBudget(ctx.db, { projectId, userId: user.session.userId, caip2, limits, now })
      if (left.userRemainingWei === 0n) return usedUp('user', 0n)
      if (left.projectRemainingWei === 0n) return usedUp('project', 0n)
      return c.json({ jsonrpc: '2.0', id, result: stubData(paymaster, validUntil, project.name) }, 200)
    }

    let fees: ChainFees
    try {
      fees = await chainFees(caip2)
    } catch {
      return rpcError(c, 502, -32603, `Could not read the fees of ${caip2}`, id)
    }
    const bounds = {
      feeMultiple: settings.feeMultiple,
      preVerificationGasMargin: settings.preVerificationGasMargin,
      maxCallGasLimit: BigInt(settings.maxCallGasLimit),
      maxVerificationGasLimit: BigInt(settings.maxVerificationGasLimit),
    }
    const problem = checkGasTerms(op, { fees, bounds, paymaster })
    if (problem) return rpcError(c, 400, SponsorshipErrorCode.gasTerms, problem.message, id, { field: problem.field })
    const cost = maxCost(op)
    if (cost > BigInt(settings.maxCostWei))
      return rpcError(
        c,
        403,
        SponsorshipErrorCode.gasTerms,
        `The UserOperation may cost up to ${cost} wei, above the sponsorship limit of ${settings.maxCostWei} wei`,
        id,
        {
          field: 'maxFeePerGas',
        },
      )
    const result = await signedData(op, { chainId: chainIdOf(caip2), paymaster, signerKey: settings.signerKey, validUntil })
    const userOpHash = userOpHashOf(op, { chainId: chainIdOf(caip2), entryPoint: chain.entryPoint as Address, paymaster, paymasterData: result.paymasterData })
    const reserved = await reserveSponsorship(
      ctx.db,
      { userOpHash, projectId, caip2, userId: user.session.userId, sender: op.sender, reservedWei: cost, validUntil: new Date(validUntil * 1000) },
      { limits, now },
    )
    if (!reserved.ok) {
      if (reserved.reason === 'rate') return rpcError(c, 429, SponsorshipErrorCode.rateLimited, 'Rate limited', id)
      return usedUp(reserved.reason, reserved.remainingWei)
    }
    return c.json({ jsonrpc: '2.0', id, result }, 200)
  })
}
