import { randomUUID } from 'node:crypto'
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { App } from '../http/app.js'
import { errorBody, errorResponse, errorResponses, json } from '../http/responses.js'
import type { ServerContext } from '../context.js'
import { parseAddress } from '../names/rules.js'
import { parseCents, formatCents } from './money.js'
import { createOrder, getOrder, sandboxMinter } from './orders.js'
import { errorPage, orderPage, resultPage } from './page.js'
import { SANDBOX_PUBLIC_KEY, sandboxChains, sandboxProvider } from './sandbox.js'
import { CommonQuery } from '../schemas.js'

/**
 * Onramp (SPEC §7, §9) through the provider interface, with one provider: the Portico Sandbox
 * Onramp — test only, no real money. Its page (/sandbox/onramp) completes purchases by minting
 * devnet USDC on the configured devnet chains.
 */

const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } })

const MoneySchema = z.object({ amount: z.string(), currency: z.string() })
const ProviderSchema = z
  .object({
    name: z.string(),
    label: z.string(),
    feeRange: z.string(),
    url: z.string(),
    supportedChains: z.array(z.string()),
    publicKey: z.string(),
  })
  .openapi('OnrampProvider')
const OptionsSchema = z
  .object({
    paymentCurrencies: z.array(
      z.object({ id: z.string(), payment_method_limits: z.array(z.object({ id: z.string(), min: z.string(), max: z.string() })) }),
    ),
    purchaseCurrencies: z.array(
      z.object({
        id: z.string(),
        symbol: z.string(),
        name: z.string(),
        networks: z.array(z.object({ name: z.string(), display_name: z.string(), chain_id: z.string(), contract_address: z.string() })),
      }),
    ),
  })
  .openapi('OnrampOptions')
const QuoteSchema = z
  .object({
    paymentTotal: MoneySchema,
    paymentSubtotal: MoneySchema,
    purchaseAmount: MoneySchema,
    networkFee: MoneySchema,
    providerFee: MoneySchema,
    paymentMethod: z.string(),
    network: z.string(),
    provider: z.string(),
  })
  .openapi('OnrampQuote')
const OrderSchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    provider: z.string(),
    wallet: z.string(),
    chain: z.string(),
    asset: z.string(),
    amount: z.string(),
    paymentAmount: z.string(),
    paymentCurrency: z.string(),
    paymentMethod: z.string(),
    status: z.enum(['pending', 'completed', 'failed']),
    txHash: z.string().nullable(),
    error: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('OnrampOrder')

/** A currency by id, or the client's currency object with an id. */
const CurrencyRef = z.union([z.string().min(1).max(32), z.object({ id: z.string().min(1).max(32) })])
const Amount = z.union([z.string().min(1).max(32), z.number()])

const providersRoute = createRoute({
  method: 'get',
  path: '/v1/onramp/providers',
  summary: 'Onramp providers (one: the sandbox, test only)',
  request: { query: z.object(CommonQuery) },
  responses: { 200: json(z.object({ providers: z.array(ProviderSchema) }), 'Providers'), ...errorResponses },
})

const optionsRoute = createRoute({
  method: 'get',
  path: '/v1/onramp/options',
  summary: 'Payment and purchase currencies (SPEC §9)',
  request: {
    query: z.object({ ...CommonQuery, country: z.string().regex(/^[A-Za-z]{2}$/, 'country must be a 2-letter ISO code').optional() }),
  },
  responses: { 200: json(OptionsSchema, 'Options'), ...errorResponses },
})

const quoteRoute = createRoute({
  method: 'post',
  path: '/v1/onramp/quote',
  summary: 'Quote a purchase: what the buyer pays and receives',
  description:
    'amount is what the buyer pays (USD, at most 2 decimals); fees: 1.5 % provider fee plus a small network fee. ' +
    'network is a network name, chain id or CAIP-2 id (default ethereum-mainnet); paymentMethod is card (default) or ach_bank_account.',
  request: {
    query: z.object(CommonQuery),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            purchaseCurrency: CurrencyRef.openapi({ example: 'USDC' }),
            paymentCurrency: CurrencyRef.openapi({ example: 'USD' }),
            amount: Amount.openapi({ example: '100.00' }),
            network: z.string().max(64).optional().openapi({ example: 'ethereum-mainnet' }),
            paymentMethod: z.string().max(32).optional().openapi({ example: 'card' }),
          }),
        },
      },
    },
  },
  responses: { 200: json(QuoteSchema, 'The quote'), ...errorResponses, 400: errorResponse('Invalid quote request or amount out of range') },
})

const urlRoute = createRoute({
  method: 'post',
  path: '/v1/generators/onrampurl',
  summary: "A link to the onramp provider's page for a wallet",
  request: {
    query: z.object(CommonQuery),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            destinationWallets: z
              .array(
                z.object({
                  address: z.string().min(1).max(128),
                  blockchains: z.array(z.string().max(64)).max(32).optional(),
                  assets: z.array(z.string().max(32)).max(32).optional(),
                  supportedNetworks: z.array(z.string().max(64)).max(32).optional(),
                }),
              )
              .min(1)
              .max(10),
            partnerUserId: z.string().max(256).optional(),
            defaultNetwork: z.string().max(64).optional(),
            presetFiatAmount: Amount.optional(),
            presetCryptoAmount: Amount.optional(),
          }),
        },
      },
    },
  },
  responses: { 200: json(z.object({ url: z.string() }), 'The link'), ...errorResponses, 400: errorResponse('Invalid wallet or amount') },
})

const orderRoute = createRoute({
  method: 'get',
  path: '/v1/onramp/orders/{id}',
  summary: "A sandbox order of the caller's project",
  request: {
    params: z.object({ id: z.string().min(1).max(64).openapi({ param: { name: 'id', in: 'path' } }) }),
    query: z.object(CommonQuery),
  },
  responses: { 200: json(OrderSchema, 'The order'), 404: errorResponse('No such order'), ...errorResponses },
})

const PageQuery = z.object({
  publicKey: z.string().min(1).max(128),
  destinationCurrencyCode: z.enum(['USDC', 'SOL']),
  walletAddress: z.string().min(1).max(128),
  externalCustomerId: z.string().min(1).max(128),
  amount: z.string().max(32).optional(),
})

const pageRoute = createRoute({
  method: 'get',
  path: '/sandbox/onramp',
  summary: 'The sandbox onramp page (test purchases only, no real money)',
  description: 'Takes exactly the SPEC §7 provider link params (publicKey, destinationCurrencyCode, walletAddress, externalCustomerId) and an optional amount.',
  request: { query: PageQuery },
  responses: { 200: html('The order page'), 400: errorResponse('Invalid link (HTML for browsers)') },
})

const CompleteBody = z.object({
  publicKey: z.string().min(1).max(128),
  destinationCurrencyCode: z.enum(['USDC', 'SOL']),
  walletAddress: z.string().min(1).max(128),
  externalCustomerId: z.string().min(1).max(128),
  amount: Amount,
  chainId: z.string().min(1).max(80).openapi({ example: 'eip155:31337' }),
  paymentMethod: z.string().max(32).optional(),
  orderId: z.string().uuid().optional().openapi({ description: 'Makes a repeated submit return the first result' }),
})

const completeRoute = createRoute({
  method: 'post',
  path: '/sandbox/onramp/complete',
  summary: 'Complete a sandbox purchase: mints devnet USDC to the wallet (devnet chains only)',
  description: 'Form (from the page; answers HTML) or JSON (answers JSON). Only the configured devnet chains can be completed.',
  request: {
    body: {
      required: false,
      content: { 'application/x-www-form-urlencoded': { schema: CompleteBody }, 'application/json': { schema: CompleteBody } },
    },
  },
  responses: {
    200: { description: 'Completed', content: { 'application/json': { schema: z.object({ order: OrderSchema }) }, 'text/html': { schema: z.string() } } },
    400: errorResponse('Invalid purchase'),
    409: errorResponse('The order was already submitted'),
    502: errorResponse('The devnet mint failed'),
  },
})

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
    if (!address)
      return c.json(errorBody('Invalid wallet', `${wallet.address} is not an EVM (0x + 40 hex) or Solana (base58) address`), 400)
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

  app.openapi(completeRoute, async (c) => {
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
  }, linkHook)
}
