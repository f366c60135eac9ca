import { z } from '@hono/zod-openapi'
import { eip155ChainId, SponsorshipErrorCode } from '@portico/core/spec'
import type { Context } from 'hono'
import type { Address } from 'viem'
import { AuthError } from '../auth/state.js'
import { clientIp, rateLimitKey } from '../clientIp.js'
import type { ProjectConfig } from '../config/projects.js'
import type { ServerContext } from '../context.js'
import type { AppEnv } from '../http/app.js'
import { CommonQuery } from '../schemas.js'
import type { BudgetLimits } from './budget.js'
import { sponsoredUser, type SponsoredUser } from './sponsoredUser.js'

/** What the bundler and paymaster routes share: the JSON-RPC call, its refusals, the signed-in user, the limits, the project's settings. */
export const CallSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string().max(128), z.number(), z.null()]).optional(),
  method: z.string().min(1).max(128),
  params: z.array(z.unknown()).max(4).optional(),
})
export type Call = z.infer<typeof CallSchema>

export const Query = z.object(CommonQuery)
export const Caip2Param = z.object({ caip2: z.string().openapi({ param: { name: 'caip2', in: 'path' }, example: 'eip155:31337' }) })
export const JsonRpcBody = { required: true, content: { 'application/json': { schema: CallSchema.openapi('JsonRpcCall') } } } as const

export const NOT_ENABLED = 'Smart accounts are not enabled for this project on this network'
export const NOT_SPONSORED = 'Gas is not sponsored for this project on this network'
export const USED_UP = 'Gas sponsorship is used up for today'

export const rpcError = (c: Context, status: 400 | 401 | 403 | 404 | 429 | 502, code: number, message: string, id: Call['id'] = null, data?: unknown) =>
  c.json({ jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } }, status)

export const chainIdOf = (caip2: string) => eip155ChainId(caip2) ?? Number.NaN

/** Parses one JSON-RPC call by hand, so that every refusal is a JSON-RPC error object. */
export function parseCall(c: Context<AppEnv>, raw: string): Call | Response {
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
export async function userOf(ctx: ServerContext, c: Context<AppEnv>, raw: string | undefined): Promise<SponsoredUser | Response> {
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

/** Per client address (no user yet), then per user: before anything is read, checked or signed. True when over. */
export async function overLimit(
  ctx: ServerContext,
  c: Context<AppEnv>,
  scope: 'bundler' | 'paymaster',
  perMinute: { ip: number; user: number },
  user?: SponsoredUser,
): Promise<boolean> {
  const key = user ? `${scope}:user:${user.session.userId}` : `${scope}:ip:${rateLimitKey(clientIp(c))}`
  return !(await ctx.rateLimiter.hit(key, user ? perMinute.user : perMinute.ip, 60_000))
}

/** A project's smart-account settings come from the configuration (the projects table keeps the rest). */
export const projectSettings = (
  ctx: ServerContext,
  projectId: string,
): Pick<ProjectConfig, 'smartAccountNetworks' | 'sponsoredNetworks' | 'sponsorshipBudget'> => ctx.config.projects.find((p) => p.projectId === projectId) ?? {}

/** The chain's smart-account contracts, where the project enabled smart accounts on it. */
export const smartAccountChain = (ctx: ServerContext, projectId: string, caip2: string) =>
  projectSettings(ctx, projectId).smartAccountNetworks?.includes(caip2) ? ctx.config.smartAccounts?.chains[caip2] : undefined

/** The chain's paymaster, its settings and the project's budgets, where the project sponsors the chain. */
export function sponsorshipOf(ctx: ServerContext, projectId: string, caip2: string) {
  const chain = smartAccountChain(ctx, projectId, caip2)
  const settings = ctx.config.smartAccounts?.paymaster
  const project = projectSettings(ctx, projectId)
  if (!chain?.paymaster || !settings || !project.sponsoredNetworks?.includes(caip2)) return undefined
  const limits: BudgetLimits = {
    perUserPerDayWei: BigInt(project.sponsorshipBudget?.perUserPerDayWei ?? settings.perUserPerDayWei),
    perProjectPerDayWei: BigInt(project.sponsorshipBudget?.perProjectPerDayWei ?? settings.perProjectPerDayWei),
    perProjectPerMinute: settings.perProjectPerMinute,
  }
  return { chain, paymaster: chain.paymaster as Address, settings, limits }
}
