import type { Context } from 'hono'
import { chainFamilies, familyOfAddress } from '../chain/families.js'
import type { ChainFamily } from '../chain/family.js'
import type { ProjectConfig } from '../config.js'
import type { ServerContext } from '../context.js'
import type { App } from '../http/app.js'
import { errorBody } from '../http/responses.js'
import { urlRoute } from './definitions.js'
import { formatCents, parseCents } from './money.js'
import { errorPage } from './page.js'
import type { OnrampProvider } from './provider.js'
import { SANDBOX_PUBLIC_KEY } from './sandbox.js'

/** A wallet address as orders and links carry it: EVM checksummed with its 0x, others as given. */
const walletAddress = (family: ChainFamily, address: string) => family.shownAddress(family.accountKey(address))

export const wantsHtml = (c: Context) => (c.req.header('accept') ?? '').includes('text/html')

/** A 400 as HTML for browsers, JSON otherwise. */
export const badRequest = (c: Context, error: string, description: string) =>
  wantsHtml(c) ? c.html(errorPage(error, description), 400) : c.json(errorBody(error, description), 400)

/** Validation failures of the sandbox page and form: HTML for browsers, JSON otherwise. */
export const linkHook = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }, c: Context) => {
  if (!result.success) {
    const issue = result.error?.issues[0]
    return badRequest(c, 'Invalid onramp link', `${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'invalid'}`)
  }
}

/** The SPEC §7 provider link params that the sandbox page and its completion share. */
export interface SandboxLinkParams {
  publicKey: string
  destinationCurrencyCode: string
  walletAddress: string
  externalCustomerId: string
}

export type CheckedLink = { project: ProjectConfig; wallet: string; family: ChainFamily; problem?: undefined } | { project?: undefined; problem: string }

/** Checks a link's params: the sandbox key, a project of this server, a wallet address and its family's currency; else the first problem. */
export async function checkLink(ctx: ServerContext, p: SandboxLinkParams): Promise<CheckedLink> {
  if (p.publicKey !== SANDBOX_PUBLIC_KEY) return { problem: `publicKey must be the sandbox key ${SANDBOX_PUBLIC_KEY}` }
  const project = await ctx.projects(p.externalCustomerId)
  if (!project) return { problem: `externalCustomerId ${p.externalCustomerId} is not a project of this server` }
  const family = familyOfAddress(p.walletAddress)
  if (!family) return { problem: `walletAddress ${p.walletAddress} is not an EVM or Solana address` }
  if (p.destinationCurrencyCode !== family.onramp.currency)
    return { problem: `destinationCurrencyCode must be ${family.onramp.currency} for ${family.words.address}` }
  return { project, wallet: walletAddress(family, p.walletAddress), family }
}

/** POST the provider link (SPEC §7): the destination wallet's family picks the currency; a preset amount within the sandbox's limits. */
export function registerUrlRoute(app: App, provider: OnrampProvider) {
  app.openapi(urlRoute, (c) => {
    const body = c.req.valid('json')
    const wallet = body.destinationWallets[0]!
    const family = familyOfAddress(wallet.address)
    if (!family) return c.json(errorBody('Invalid wallet', `${wallet.address} is not an EVM (0x + 40 hex) or Solana (base58) address`), 400)
    // A destination that names a family's blockchain needs that family's address.
    const named = (wallet.blockchains ?? []).map((b) => b.toLowerCase())
    const asked = chainFamilies.find((f) => f !== family && f.onramp.blockchain !== undefined && named.includes(f.onramp.blockchain))
    if (asked) return c.json(errorBody('Invalid wallet', `A ${asked.words.name} destination needs ${asked.words.address}`), 400)
    let amount: string | undefined
    if (body.presetFiatAmount !== undefined) {
      const cents = parseCents(body.presetFiatAmount)
      if (cents === undefined || cents < 1000n || cents > 2_500_000n)
        return c.json(errorBody('Invalid amount', 'presetFiatAmount must be between 10.00 and 25000.00 USD with at most 2 decimals'), 400)
      amount = formatCents(cents)
    }
    const url = provider.buildUrl({ projectId: c.get('projectId'), walletAddress: walletAddress(family, wallet.address), namespace: family.namespace, amount })
    return c.json({ url }, 200)
  })
}
