import { randomUUID } from 'node:crypto'
import type { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { App } from '../http/app.js'
import { errorBody } from '../http/responses.js'
import type { ServerContext } from '../context.js'
import { parseAddress } from '../names/rules.js'
import { parseCents, formatCents } from './money.js'
import { createOrder, getOrder, sandboxMinter } from './orders.js'
import { errorPage, orderPage, resultPage } from './page.js'
import { SANDBOX_PUBLIC_KEY, sandboxChains, sandboxProvider } from './sandbox.js'
import { CompleteBody, completeRoute, CurrencyRef, optionsRoute, orderRoute, pageRoute, providersRoute, quoteRoute, urlRoute } from './definitions.js'

/**
 * Onramp (SPEC §7, §9) through the provider interface, with one provider: the Portico Sandbox
 * Onramp — test only, no real money. Its page (/sandbox/onramp) completes purchases by minting
 * devnet USDC on the configured devnet chains.
 */

const wantsHtml = (c: Context) => (c.req.header('accept') ?? '').includes('text/html')

export function register(app: App, ctx: ServerContext) {
  const provider = sandboxProvider(ctx.config)
  const minter = sandboxMinter(ctx)
  const currencyId = (ref: z.infer<typeof CurrencyRef>) => (typeof ref === 'string' ? ref : ref.id)

  /** A 400 as HTML for browsers, JSON otherwise. */
  const badRequest = (c: Context, error: string, description: string) =>
    wantsHtml(c) ? c.html(errorPage(error, description), 400) : c.json(errorBody(error, description), 400)

  app.openapi(providersRoute, (c) => c.json({ providers: [provider.info()] }, 200))

  app.openapi(optionsRoute, (c) => c.json(provider.options(c.req.valid('query').country), 200))

  app.openapi(quoteRoute, (c) => {
    const body = c.req.valid('json')
    const result = provider.quote({
      purchaseCurrency: currencyId(body.purchaseCurrency),
      paymentCurrency: currencyId(body.paymentCurrency),
      amount: body.amount,
      network: body.network,
      paymentMethod: body.paymentMethod,
    })
    if (!result.ok) return c.json(errorBody(result.error, result.description), 400)
    return c.json(result.quote, 200)
  })

  app.openapi(urlRoute, (c) => {
    const body = c.req.valid('json')
    const wallet = body.destinationWallets[0]!
    const address = parseAddress(wallet.address)
    if (!address) return c.json(errorBody('Invalid wallet', `${wallet.address} is not an EVM (0x + 40 hex) or Solana (base58) address`), 400)
    const solana = address.kind === 'solana' || (wallet.blockchains ?? []).some((b) => b.toLowerCase() === 'solana')
    if (solana && address.kind !== 'solana') return c.json(errorBody('Invalid wallet', 'A Solana destination needs a Solana address'), 400)
    let amount: string | undefined
    if (body.presetFiatAmount !== undefined) {
      const cents = parseCents(body.presetFiatAmount)
      if (cents === undefined || cents < 1000n || cents > 2_500_000n)
        return c.json(errorBody('Invalid amount', 'presetFiatAmount must be between 10.00 and 25000.00 USD with at most 2 decimals'), 400)
      amount = formatCents(cents)
    }
    const url = provider.buildUrl({ projectId: c.get('projectId'), walletAddress: address.address, namespace: solana ? 'solana' : 'eip155', amount })
    return c.json({ url }, 200)
  })

  app.openapi(orderRoute, async (c) => {
    const order = await getOrder(ctx.db, c.req.valid('param').id, c.get('projectId'))
    if (!order) return c.json(errorBody('Order not found', 'No order with this id in this project'), 404)
    return c.json(order, 200)
  })

  /** Checks the link params shared by the page and the completion; a description of the first problem, if any. */
  const checkLink = async (p: { publicKey: string; destinationCurrencyCode: string; walletAddress: string; externalCustomerId: string }) => {
    if (p.publicKey !== SANDBOX_PUBLIC_KEY) return { problem: `publicKey must be the sandbox key ${SANDBOX_PUBLIC_KEY}` }
    const project = await ctx.projects(p.externalCustomerId)
    if (!project) return { problem: `externalCustomerId ${p.externalCustomerId} is not a project of this server` }
    const address = parseAddress(p.walletAddress)
    if (!address) return { problem: `walletAddress ${p.walletAddress} is not an EVM or Solana address` }
    if ((address.kind === 'solana') !== (p.destinationCurrencyCode === 'SOL'))
      return { problem: 'destinationCurrencyCode must be SOL for a Solana wallet and USDC otherwise' }
    return { project, address }
  }

  /** Validation failures of the sandbox page and form: HTML for browsers, JSON otherwise. */
  const linkHook = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }, c: Context) => {
    if (!result.success) {
      const issue = result.error?.issues[0]
      return badRequest(c, 'Invalid onramp link', `${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'invalid'}`)
    }
  }

  app.openapi(
    pageRoute,
    async (c) => {
      const q = c.req.valid('query')
      const link = await checkLink(q)
      if (!link.project) return badRequest(c, 'Invalid onramp link', link.problem!)
      const cents = q.amount === undefined ? 10_000n : parseCents(q.amount)
      if (cents === undefined) return badRequest(c, 'Invalid onramp link', `amount ${q.amount} is not an amount such as 100.00`)
      const amount = formatCents(cents)
      // The wallet's own chain family: a Solana wallet buys on solana devnets, an EVM wallet on eip155 ones.
      const networks = sandboxChains(ctx.config).filter((n) => n.caip.startsWith(`${link.address.kind}:`))
      const quote = provider.quote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount, network: networks[0]?.name ?? 'ethereum-mainnet' })
      return c.html(
        orderPage({
          ...q,
          walletAddress: link.address.address,
          projectName: link.project.name,
          orderId: randomUUID(),
          amount,
          quote: quote.ok ? quote.quote : undefined,
          networks,
          blocked:
            networks.length === 0
              ? `This server has no ${link.address.kind === 'solana' ? 'Solana' : 'EVM'} devnet chain configured for sandbox purchases.`
              : undefined,
        }),
        200,
      )
    },
    linkHook,
  )

  app.openapi(
    completeRoute,
    async (c) => {
      const isForm = /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(c.req.header('content-type') ?? '')
      const parsed = CompleteBody.safeParse(isForm ? c.req.valid('form') : c.req.valid('json'))
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        return badRequest(c, 'Invalid purchase', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`)
      }
      const body = parsed.data
      const link = await checkLink(body)
      if (!link.project) return badRequest(c, 'Invalid purchase', link.problem!)
      const chains = sandboxChains(ctx.config)
      const caip = /^\d{1,10}$/.test(body.chainId) ? `eip155:${body.chainId}` : body.chainId
      // The destination's chain family must be the wallet's: USDC to a Solana wallet only on a solana devnet.
      const chain = chains.find((n) => n.caip === caip && caip.startsWith(`${link.address.kind}:`))
      const reachable = link.address.kind === 'solana' ? ctx.solanaRpc(caip) : ctx.evmClient(caip)
      if (!chain || !reachable)
        return badRequest(
          c,
          'Not a devnet chain',
          `Only devnet chains can be completed in the sandbox (${chains.map((n) => n.caip).join(', ') || 'none configured'}), not ${body.destinationCurrencyCode} on ${body.chainId}`,
        )
      const quote = provider.quote({
        purchaseCurrency: 'USDC',
        paymentCurrency: 'USD',
        amount: body.amount,
        network: chain.name,
        paymentMethod: body.paymentMethod,
      })
      if (!quote.ok) return badRequest(c, quote.error, quote.description)

      const order = await createOrder(ctx.db, {
        id: body.orderId,
        projectId: body.externalCustomerId,
        provider: 'sandbox',
        wallet: link.address.address,
        chain: caip,
        asset: 'USDC',
        amount: quote.quote.purchaseAmount.amount,
        paymentAmount: quote.quote.paymentTotal.amount,
        paymentCurrency: quote.quote.paymentTotal.currency,
        paymentMethod: quote.quote.paymentMethod,
      })
      if (!order) {
        // The same page submitted twice: answer with the first outcome instead of minting again.
        const existing = await getOrder(ctx.db, body.orderId!)
        if (existing && existing.status !== 'pending' && existing.wallet === link.address.address)
          return wantsHtml(c) ? c.html(resultPage(existing), 200) : c.json({ order: existing }, 200)
        return c.json(errorBody('Order already submitted', 'This order is being processed; wait for it to finish'), 409)
      }
      const done = await minter.complete(order, quote.purchaseUnits)
      if (done.status !== 'completed') {
        if (wantsHtml(c)) return c.html(resultPage(done), 502)
        return c.json(errorBody('Mint failed', `The devnet mint failed: ${done.error}`), 502)
      }
      return wantsHtml(c) ? c.html(resultPage(done), 200) : c.json({ order: done }, 200)
    },
    linkHook,
  )
}
