import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { clientIp, rateLimitKey } from '../clientIp.js'
import type { ServerContext } from '../context.js'
import type { App } from '../http/app.js'
import { errorResponses, json } from '../http/responses.js'
import { CommonQuery } from '../schemas.js'
import { EsploraNotFoundError, EsploraRejectedError, esploraFor, FeeEstimates, type EsploraClient } from './esplora.js'
import { feeRates } from './fees.js'
import { isAddressOn } from './networks.js'

/*
 * The Esplora proxy for browsers (the Bitcoin adapter and the embedded wallet's frame, when the host set
 * apiUrl): the chain's Esplora API without its URL, which may carry a provider key. Only the reads a wallet
 * needs and the broadcast of a signed transaction pass; any other path is 404. The project guard, CORS and
 * the per-IP RPC limit apply as on the RPC proxy (chain/rpcRoutes.ts).
 */

/** A signed transaction of at most this many bytes (a standard one is at most 400,000 weight units; a wallet's send is far smaller), hex within the broadcast's body limit. */
export const MAX_TX_BYTES = 200_000
const DEFAULT_PER_IP_PER_MINUTE = 600
const TXID = '[0-9a-f]{64}'
const ADDRESS = '[a-zA-Z0-9]{14,90}'

/** The Esplora paths a browser may read (GET); the address ones are checked against the chain's network too. */
const READS = [
  /^\/blocks\/tip\/(height|hash)$/,
  new RegExp(`^/address/(${ADDRESS})(/utxo|/txs|/txs/chain/${TXID})?$`),
  new RegExp(`^/tx/${TXID}(/status|/hex)?$`),
  /^\/fee-estimates$/,
]

const Reference = z
  .string()
  .regex(/^[0-9a-f]{32}$/)
  .openapi({ param: { name: 'reference', in: 'path' }, example: '0f9188f13cb7b2c71f2a335e3a4fc328' })

const proxyRoute = createRoute({
  method: 'get',
  path: '/v1/bip122/{reference}/esplora/{path}',
  summary: "Read a Bitcoin chain through the server's Esplora API (allowlisted paths only)",
  description:
    'The Esplora HTTP API of the bip122 chain `bip122:{reference}`: /blocks/tip/height, /blocks/tip/hash, /address/:a, /address/:a/utxo, ' +
    '/address/:a/txs, /address/:a/txs/chain/:txid, /tx/:id, /tx/:id/status, /tx/:id/hex, /fee-estimates; and POST /tx (a signed ' +
    "transaction, hex text, answered with its txid, or 400 with the node's reject reason). Any other path is 404. Limited per client IP.",
  request: { params: z.object({ reference: Reference, path: z.string() }), query: z.object(CommonQuery) },
  responses: {
    200: json(z.unknown(), "The Esplora API's answer"),
    ...errorResponses,
    404: json(z.unknown(), 'Not a proxied path, or no API for the chain'),
    502: json(z.unknown(), 'The API failed'),
  },
})

const feeRatesRoute = createRoute({
  method: 'get',
  path: '/v1/bip122/{reference}/fee-rates',
  summary: 'Fee rates for a Bitcoin send (sat/vB)',
  description: "slow, normal and fast from the chain's /fee-estimates (targets 144, 6 and 1 blocks), whole sat/vB, at least 1.",
  request: { params: z.object({ reference: Reference }), query: z.object(CommonQuery) },
  responses: {
    200: json(z.object({ slow: z.number().int(), normal: z.number().int(), fast: z.number().int() }).openapi('FeeRates'), 'Fee rates'),
    ...errorResponses,
    404: json(z.unknown(), 'No API for the chain'),
    502: json(z.unknown(), 'The API failed'),
  },
})

const notFound = (c: Context) => c.json({ error: 'Not Found' }, 404)

/** The chain's client for a path reference (32 lower-case hex), undefined for an unknown chain. */
function chainOf(ctx: ServerContext, reference: string | undefined): { chainId: string; esplora: EsploraClient } | undefined {
  if (!reference || !/^[0-9a-f]{32}$/.test(reference)) return undefined
  const chainId = `bip122:${reference}`
  const esplora = esploraFor(ctx.config, chainId)
  return esplora ? { chainId, esplora } : undefined
}

async function limited(c: Context, ctx: ServerContext): Promise<boolean> {
  const limit = ctx.config.rateLimits.rpcPerIpPerMinute ?? DEFAULT_PER_IP_PER_MINUTE
  return !(await ctx.rateLimiter.hit(`rpc:${rateLimitKey(clientIp(c))}`, limit, 60_000))
}

/** The API's answer as the proxy gives it: 404 and a rejection as they came, anything else failing as 502. */
async function answer(c: Context, read: () => Promise<string>) {
  try {
    const text = await read()
    const type = /^[[{]/.test(text) ? 'application/json' : 'text/plain; charset=utf-8'
    return c.body(text, 200, { 'content-type': type, 'cache-control': 'no-store' })
  } catch (error) {
    if (error instanceof EsploraNotFoundError) return notFound(c)
    if (error instanceof EsploraRejectedError) return c.json({ error: 'Transaction rejected', reason: error.reason.slice(0, 500) }, 400)
    return c.json({ error: 'The chain API is unavailable' }, 502)
  }
}

export function register(app: App, ctx: ServerContext) {
  app.openAPIRegistry.registerPath(proxyRoute)
  app.openAPIRegistry.registerPath(feeRatesRoute)
  const prefix = '/v1/bip122/:reference/esplora'

  app.get(`${prefix}/*`, async (c) => {
    const chain = chainOf(ctx, c.req.param('reference'))
    const path = c.req.path.slice(c.req.path.indexOf('/esplora/') + '/esplora'.length)
    const match = READS.map((pattern) => pattern.exec(path)).find((m) => m !== null)
    if (!chain || !match) return notFound(c)
    const address = path.startsWith('/address/') ? match[1] : undefined
    if (address !== undefined && !isAddressOn(chain.chainId, address)) return notFound(c)
    if (await limited(c, ctx)) return c.json({ error: 'Rate limited' }, 429)
    return answer(c, () => chain.esplora.text(path))
  })

  app.post(`${prefix}/tx`, async (c) => {
    const chain = chainOf(ctx, c.req.param('reference'))
    if (!chain) return notFound(c)
    const hex = (await c.req.text()).trim()
    if (hex.length === 0 || hex.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(hex))
      return c.json({ error: 'Invalid transaction', reason: 'The body must be a signed transaction in hex' }, 400)
    if (hex.length > MAX_TX_BYTES * 2) return c.json({ error: 'Payload Too Large' }, 413)
    if (await limited(c, ctx)) return c.json({ error: 'Rate limited' }, 429)
    return answer(c, () => chain.esplora.broadcast(hex.toLowerCase()))
  })
  app.all(`${prefix}/*`, notFound)

  app.get('/v1/bip122/:reference/fee-rates', async (c) => {
    const chain = chainOf(ctx, c.req.param('reference'))
    if (!chain) return notFound(c)
    if (await limited(c, ctx)) return c.json({ error: 'Rate limited' }, 429)
    try {
      return c.json(feeRates(await chain.esplora.json('/fee-estimates', FeeEstimates)), 200, { 'cache-control': 'no-store' })
    } catch {
      return c.json({ error: 'The chain API is unavailable' }, 502)
    }
  })
}
