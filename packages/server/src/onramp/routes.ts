import type { z } from '@hono/zod-openapi'
import type { ServerContext } from '../context.js'
import type { App } from '../http/app.js'
import { errorBody } from '../http/responses.js'
import { type CurrencyRef, optionsRoute, orderRoute, providersRoute, quoteRoute } from './definitions.js'
import { registerUrlRoute } from './link.js'
import { getOrder } from './orders.js'
import type { OnrampProvider } from './provider.js'
import { sandboxProvider } from './sandbox.js'
import { registerSandboxCompletion, registerSandboxPage } from './sandboxRoutes.js'

/**
 * Onramp (SPEC §7, §9) through the provider interface, with one provider: the Portico Sandbox
 * Onramp — test only, no real money. Its page (/sandbox/onramp) completes purchases by minting
 * devnet USDC on the configured devnet chains.
 */
export function register(app: App, ctx: ServerContext) {
  const provider = sandboxProvider(ctx.config)
  registerProviderRoutes(app, provider)
  registerUrlRoute(app, provider)
  app.openapi(orderRoute, async (c) => {
    const order = await getOrder(ctx.db, c.req.valid('param').id, c.get('projectId'))
    if (!order) return c.json(errorBody('Order not found', 'No order with this id in this project'), 404)
    return c.json(order, 200)
  })
  registerSandboxPage(app, ctx, provider)
  registerSandboxCompletion(app, ctx, provider)
}

const currencyId = (ref: z.infer<typeof CurrencyRef>) => (typeof ref === 'string' ? ref : ref.id)

/** The provider list, its purchase options and its quotes. */
function registerProviderRoutes(app: App, provider: OnrampProvider) {
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
}
