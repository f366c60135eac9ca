import { createRoute, z } from '@hono/zod-openapi'
import type { App } from '../http/app.js'
import { errorResponse, errorResponses, json } from '../http/responses.js'
import { tokenSetId, type BalanceKey } from './balanceCache.js'
import type { TokenBalance } from './tokenBalance.js'
import type { Context } from 'hono'
import { chainFamilies, familyOfAddress, familyOfChain, readableFamily } from './families.js'
import { ICON_SYMBOL_PATTERN, tokenIconSvg, tokenIconUrl } from './icons.js'
import { configPriceSource } from './prices.js'
import type { ServerContext } from '../context.js'
import { CaipNetworkId, CommonQuery } from '../schemas.js'
import { Refusal } from '../refusals.js'

/** SPEC §5: an EVM address is 40 hex characters with an optional 0x prefix; a Solana address is base58, 32 to 44 characters. */
const AccountAddress = z
  .string()
  .refine((v) => familyOfAddress(v) !== undefined, 'Invalid address: expected an EVM or Solana address')
  .openapi({ param: { name: 'address', in: 'path' }, example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })

const Currency = z.enum(['usd']).openapi({ description: 'Only usd is supported', example: 'usd' })

const TokenBalanceSchema = z
  .object({
    name: z.string(),
    symbol: z.string(),
    chainId: z.string().openapi({ example: 'eip155:31337' }),
    address: z.string().optional().openapi({ description: 'CAIP-10 of the token contract; absent for the native currency' }),
    value: z.number().openapi({ description: 'USD value of the quantity' }),
    price: z.number().openapi({ description: 'USD price of one token (0 when unknown)' }),
    quantity: z.object({ decimals: z.string(), numeric: z.string().openapi({ description: 'Decimal amount', example: '9999.5' }) }),
    pending: z
      .object({ numeric: z.string() })
      .optional()
      .openapi({ description: 'The unconfirmed part of quantity (bip122: the mempool change, may be negative)' }),
    iconUrl: z.string(),
  })
  .openapi('TokenBalance')

const unavailable = errorResponse('The chain RPC failed')

const balanceRoute = createRoute({
  method: 'get',
  path: '/v1/account/{address}/balance',
  summary: 'Token balances of an address on one chain',
  description:
    'The native balance (always present) and the non-zero balances of the tokens configured for the chain (config chainAssets: ERC20 contracts on eip155, SPL mints of the Token and Token-2022 programs on solana), read from the chain, with USD prices from the server price source.',
  request: {
    params: z.object({ address: AccountAddress }),
    query: z.object({ ...CommonQuery, chainId: CaipNetworkId.openapi({ example: 'eip155:31337' }), currency: Currency.optional() }),
  },
  responses: {
    200: json(z.object({ balances: z.array(TokenBalanceSchema) }), 'Balances'),
    ...errorResponses,
    502: unavailable,
  },
})

const FungibleAddress = z
  .string()
  .max(200)
  .refine(
    (v) => chainFamilies.some((family) => family.parseToken(v) !== null),
    'Expected a CAIP-10 token address (eip155:<chain>:<0x address>, solana:<ref>:<base58 mint>, or <chain>:native)',
  )

const priceRoute = createRoute({
  method: 'post',
  path: '/v1/fungible/price',
  summary: 'USD prices of fungible tokens',
  description: 'Tokens the server cannot price (unknown chain, unconfigured token) are left out of the answer.',
  request: {
    query: z.object(CommonQuery),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            currency: Currency,
            addresses: z
              .array(FungibleAddress)
              .min(1)
              .max(100)
              .openapi({ example: ['eip155:31337:native', 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3'] }),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'Prices',
      content: {
        'application/json': {
          schema: z
            .object({ fungibles: z.array(z.object({ name: z.string(), symbol: z.string(), iconUrl: z.string(), price: z.number() })) })
            .openapi('FungiblePrices'),
        },
      },
    },
    ...errorResponses,
  },
})

export function register(app: App, ctx: ServerContext) {
  const prices = configPriceSource(ctx.config, ctx.evmClient, ctx.log)
  const tokenSets = new Map<string, string>()
  const serialized = new WeakMap<object, string>()
  const tokenSet = (chainId: string) => {
    let id = tokenSets.get(chainId)
    const { tokens } = familyOfChain(chainId)!.assets(ctx.config, chainId)
    if (!id) tokenSets.set(chainId, (id = tokenSetId(tokens)))
    return id
  }
  // SPEC §9 portfolio lifetime, invalidated by the indexers when they write rows involving the address (chain/balanceCache.ts):
  // the EVM indexer's steps, the Solana follower's syncs; a chain reset drops the chain's. A client that must see the
  // chain now (after its own transaction) says Cache-Control: no-cache: read, and keep that.
  const cached = async (c: Context, key: BalanceKey, read: () => Promise<TokenBalance[]>): Promise<never> => {
    const cache = ctx.balanceCache?.covers(key.chainId) ? ctx.balanceCache : undefined
    if (!cache) return c.json({ balances: await read() }, 200) as never
    const fresh = /no-cache|no-store|max-age=0/i.test(c.req.header('cache-control') ?? '')
    const balances = await cache.get(key, read, { fresh })
    // An in-process hit is the same array each time: serialized once (the Redis cache parses a new one per hit).
    let json = serialized.get(balances)
    if (!json) serialized.set(balances, (json = JSON.stringify({ balances })))
    return c.body(json, 200, { 'content-type': 'application/json' }) as never
  }

  app.openapi(balanceRoute, async (c) => {
    const { address } = c.req.valid('param')
    const { chainId } = c.req.valid('query')
    const family = readableFamily(ctx, chainId)
    if (!family.isAddress(address)) throw Refusal.invalidAddress(chainId, family)
    void ctx.follow?.(chainId, address)
    const key = family.accountKey(address)
    return cached(c, { chainId, address: key, tokenSet: tokenSet(chainId) }, () => family.readBalances(ctx, prices, chainId, key))
  })

  /** A token's name, symbol and USD price; null when the server cannot price it (unknown chain, unconfigured token). */
  const fungible = async (value: string) => {
    for (const family of chainFamilies) {
      const token = family.parseToken(value)
      if (!token) continue
      const { chainId, address } = token
      if (ctx.config.chainAssets?.[chainId] === undefined && !family.reachable(ctx, chainId)) return null
      const meta = await family.tokenInfo(ctx, chainId, address)
      if (!meta?.symbol) return null
      const price = await prices.price({ chainId, address: address === 'native' ? undefined : address, symbol: meta.symbol }, 'usd')
      if (price === undefined) return null
      return { name: meta.name ?? meta.symbol, symbol: meta.symbol, iconUrl: tokenIconUrl(ctx.config.publicUrl, meta.symbol), price }
    }
    return null
  }

  app.openapi(priceRoute, async (c) => {
    const { addresses } = c.req.valid('json')
    const found = await Promise.all([...new Set(addresses)].map(fungible))
    return c.json({ fungibles: found.filter((f) => f !== null) }, 200)
  })

  // Generated token icons (open path: the project guard lets /icons/ through).
  app.get('/icons/tokens/:file', (c) => {
    const file = c.req.param('file')
    const symbol = file.endsWith('.svg') ? file.slice(0, -4) : ''
    if (!ICON_SYMBOL_PATTERN.test(symbol)) return c.json({ error: 'Not Found' }, 404)
    return c.body(tokenIconSvg(symbol), 200, {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    })
  })
}
