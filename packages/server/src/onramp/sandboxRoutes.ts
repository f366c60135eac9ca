import { randomUUID } from 'node:crypto'
import type { ServerContext } from '../context.js'
import type { App } from '../http/app.js'
import { errorBody } from '../http/responses.js'
import { CompleteBody, completeRoute, pageRoute } from './definitions.js'
import { badRequest, checkLink, linkHook, wantsHtml } from './link.js'
import { formatCents, parseCents } from './money.js'
import { createOrder, getOrder, sandboxMinter } from './orders.js'
import { orderPage, resultPage } from './page.js'
import type { OnrampProvider } from './provider.js'
import { sandboxChains } from './sandbox.js'

/** GET the sandbox's purchase page for a provider link: the wallet's own chain family's devnets, and a quote. */
export function registerSandboxPage(app: App, ctx: ServerContext, provider: OnrampProvider) {
  app.openapi(
    pageRoute,
    async (c) => {
      const q = c.req.valid('query')
      const link = await checkLink(ctx, q)
      if (!link.project) return badRequest(c, 'Invalid onramp link', link.problem)
      const cents = q.amount === undefined ? 10_000n : parseCents(q.amount)
      if (cents === undefined) return badRequest(c, 'Invalid onramp link', `amount ${q.amount} is not an amount such as 100.00`)
      const amount = formatCents(cents)
      // The wallet's own chain family: a Solana wallet buys on solana devnets, an EVM wallet on eip155 ones.
      const networks = sandboxChains(ctx.config).filter((n) => n.caip.startsWith(`${link.family.namespace}:`))
      const quote = provider.quote({ purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount, network: networks[0]?.name ?? 'ethereum-mainnet' })
      return c.html(
        orderPage({
          ...q,
          walletAddress: link.wallet,
          projectName: link.project.name,
          orderId: randomUUID(),
          amount,
          quote: quote.ok ? quote.quote : undefined,
          networks,
          blocked: networks.length === 0 ? `This server has no ${link.family.words.name} devnet chain configured for sandbox purchases.` : undefined,
        }),
        200,
      )
    },
    linkHook,
  )
}

/** POST a sandbox purchase (the page's form, or JSON): a devnet chain of the wallet's family, an order, and its mint. */
export function registerSandboxCompletion(app: App, ctx: ServerContext, provider: OnrampProvider) {
  const minter = sandboxMinter(ctx)
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
      const link = await checkLink(ctx, body)
      if (!link.project) return badRequest(c, 'Invalid purchase', link.problem)
      const chains = sandboxChains(ctx.config)
      const caip = /^\d{1,10}$/.test(body.chainId) ? `eip155:${body.chainId}` : body.chainId
      // The destination's chain family must be the wallet's: USDC to a Solana wallet only on a solana devnet.
      const chain = chains.find((n) => n.caip === caip && caip.startsWith(`${link.family.namespace}:`))
      if (!chain || !link.family.reachable(ctx, caip))
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
        wallet: link.wallet,
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
        if (existing && existing.status !== 'pending' && existing.wallet === link.wallet)
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
