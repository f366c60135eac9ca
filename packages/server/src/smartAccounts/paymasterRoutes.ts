import { createRoute, z } from '@hono/zod-openapi'
import { SponsorshipErrorCode } from '@portico/core/spec'
import type { Address } from 'viem'
import type { ServerContext } from '../context.js'
import type { App } from '../http/app.js'
import { errorResponses, json } from '../http/responses.js'
import { remainingBudget, reserveSponsorship } from './budget.js'
import { checkGasTerms, readChainFees, type ChainFees } from './gasTerms.js'
import { maxCost, RpcUserOperationSchema, signedData, stubData, userOpHashOf } from './paymaster.js'
import { Caip2Param, chainIdOf, JsonRpcBody, NOT_SPONSORED, overLimit, parseCall, Query, rpcError, sponsorshipOf, USED_UP, userOf } from './requests.js'
import { ownSmartAccount } from './sponsoredUser.js'

/**
 * Gas sponsorship (ERC-7677), for the secure frame:
 * - POST /v1/paymaster/{caip2}: pm_getPaymasterStubData / pm_getPaymasterData, signed with the paymaster's key
 *   only for a signed-in embedded-wallet user (the frame's DPoP session), only for that user's own Safe
 *   (sponsoredUser.ts), only on chains the project sponsors, only for fair gas terms (gasTerms.ts), and within
 *   the user's and the project's daily budgets (budget.ts). Limits in this order: per client address and per
 *   user first; the project's per-minute quota counts signed sponsorships only;
 * - GET /v1/paymaster/{caip2}/budget: what the signed-in user has left today on the chain.
 */
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

/** The chain's fees, read at most every 2 s per chain (every sponsorship request checks against them). */
const FEES_TTL_MS = 2_000

export function register(app: App, ctx: ServerContext) {
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

  app.openAPIRegistry.registerPath(budgetRoute)
  app.get('/v1/paymaster/:caip2/budget', async (c) => {
    const caip2 = c.req.param('caip2')
    const sponsor = sponsorshipOf(ctx, c.var.projectId, caip2)
    if (!sponsor) return rpcError(c, 403, -32601, NOT_SPONSORED)
    const perMinute = { ip: sponsor.settings.perIpPerMinute, user: sponsor.settings.perUserPerMinute }
    if (await overLimit(ctx, c, 'paymaster', perMinute)) return rpcError(c, 429, SponsorshipErrorCode.rateLimited, 'Rate limited')
    const user = await userOf(ctx, c, undefined)
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
    const sponsor = sponsorshipOf(ctx, projectId, caip2)
    if (!sponsor) return rpcError(c, 403, -32601, NOT_SPONSORED)
    const { chain, paymaster, settings, limits } = sponsor
    const perMinute = { ip: settings.perIpPerMinute, user: settings.perUserPerMinute }
    if (await overLimit(ctx, c, 'paymaster', perMinute)) return rpcError(c, 429, SponsorshipErrorCode.rateLimited, 'Rate limited')
    const raw = await c.req.text()
    const user = await userOf(ctx, c, raw)
    if (user instanceof Response) return user
    if (await overLimit(ctx, c, 'paymaster', perMinute, user)) return rpcError(c, 429, SponsorshipErrorCode.rateLimited, 'Rate limited')
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
