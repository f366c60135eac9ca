import { createRoute, z } from '@hono/zod-openapi'
import { errorResponse, errorResponses, json } from '../http/responses.js'
import { CommonQuery } from '../schemas.js'

/** The onramp API's contract (SPEC §7, §9): its schemas and OpenAPI route definitions; routes.ts answers them. */

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
    paymentCurrencies: z.array(z.object({ id: z.string(), payment_method_limits: z.array(z.object({ id: z.string(), min: z.string(), max: z.string() })) })),
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
export const CurrencyRef = z.union([z.string().min(1).max(32), z.object({ id: z.string().min(1).max(32) })])
const Amount = z.union([z.string().min(1).max(32), z.number()])

export const providersRoute = createRoute({
  method: 'get',
  path: '/v1/onramp/providers',
  summary: 'Onramp providers (one: the sandbox, test only)',
  request: { query: z.object(CommonQuery) },
  responses: { 200: json(z.object({ providers: z.array(ProviderSchema) }), 'Providers'), ...errorResponses },
})

export const optionsRoute = createRoute({
  method: 'get',
  path: '/v1/onramp/options',
  summary: 'Payment and purchase currencies (SPEC §9)',
  request: {
    query: z.object({
      ...CommonQuery,
      country: z
        .string()
        .regex(/^[A-Za-z]{2}$/, 'country must be a 2-letter ISO code')
        .optional(),
    }),
  },
  responses: { 200: json(OptionsSchema, 'Options'), ...errorResponses },
})

export const quoteRoute = createRoute({
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

export const urlRoute = createRoute({
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

export const orderRoute = createRoute({
  method: 'get',
  path: '/v1/onramp/orders/{id}',
  summary: "A sandbox order of the caller's project",
  request: {
    params: z.object({
      id: z
        .string()
        .min(1)
        .max(64)
        .openapi({ param: { name: 'id', in: 'path' } }),
    }),
    query: z.object(CommonQuery),
  },
  responses: { 200: json(OrderSchema, 'The order'), 404: errorResponse('No such order'), ...errorResponses },
})

const PageQuery = z.object({
  publicKey: z.string().min(1).max(128),
  destinationCurrencyCode: z.enum(['USDC', 'SOL', 'BTC']),
  walletAddress: z.string().min(1).max(128),
  externalCustomerId: z.string().min(1).max(128),
  amount: z.string().max(32).optional(),
})

export const pageRoute = createRoute({
  method: 'get',
  path: '/sandbox/onramp',
  summary: 'The sandbox onramp page (test purchases only, no real money)',
  description: 'Takes exactly the SPEC §7 provider link params (publicKey, destinationCurrencyCode, walletAddress, externalCustomerId) and an optional amount.',
  request: { query: PageQuery },
  responses: { 200: html('The order page'), 400: errorResponse('Invalid link (HTML for browsers)') },
})

export const CompleteBody = z.object({
  publicKey: z.string().min(1).max(128),
  destinationCurrencyCode: z.enum(['USDC', 'SOL', 'BTC']),
  walletAddress: z.string().min(1).max(128),
  externalCustomerId: z.string().min(1).max(128),
  amount: Amount,
  chainId: z.string().min(1).max(80).openapi({ example: 'eip155:31337' }),
  paymentMethod: z.string().max(32).optional(),
  orderId: z.string().uuid().optional().openapi({ description: 'Makes a repeated submit return the first result' }),
})

export const completeRoute = createRoute({
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
