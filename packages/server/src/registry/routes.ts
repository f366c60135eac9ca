import { CAIP2_PATTERN } from '@portico/core/spec'
import { createHash } from 'node:crypto'
import { createRoute, z } from '@hono/zod-openapi'
import type { App } from '../http/app.js'
import { errorResponses } from '../http/responses.js'
import type { ServerContext } from '../context.js'
import { walletIconSvg } from './icons.js'
import { mirroredIcon, queryWallets, seedWallets, walletForImage, type WalletRow } from './registry.js'
import { ICON_TYPES, type IconType, syncRegistry } from './sync.js'
import { CommonQuery } from '../schemas.js'
import { Refusal } from '../refusals.js'

/** SPEC §9 'Lists and paging': a page of 40; search asks for 100, the most a page may hold. */
export const DEFAULT_ENTRIES = 40
export const MAX_ENTRIES = 100
/** How long an answered page is kept (another instance's sync shows here after at most this), and how many. */
const PAGE_CACHE_MS = 30_000
const JSON_TYPE = { 'content-type': 'application/json' }
const PAGE_CACHE_ENTRIES = 1_000
const MAX_LIST_ITEMS = 200

const splitList = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** A comma-separated list param whose items each match `item`. */
const listParam = (item: RegExp, what: string, example: string) =>
  z
    .string()
    .max(16_384)
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined) return
      const items = splitList(value)
      if (items.length > MAX_LIST_ITEMS) ctx.addIssue({ code: 'custom', message: `at most ${MAX_LIST_ITEMS} items` })
      const bad = items.find((i) => !item.test(i))
      if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `invalid ${what} '${bad.slice(0, 80)}'` })
    })
    .openapi({ description: `Comma-separated ${what}s`, example })

const WalletIdList = listParam(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/, 'wallet id', 'metamask,rainbow')
const ChainList = listParam(CAIP2_PATTERN, 'CAIP-2 chain id', 'eip155:1,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
const RdnsList = listParam(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, 'rdns', 'io.metamask,me.rainbow')

const WalletsQuery = z.object({
  ...CommonQuery,
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, 'page must be an integer from 1 to 999999')
    .optional()
    .openapi({ description: 'Page number, from 1', example: '1' }),
  entries: z
    .string()
    .regex(/^\d{1,3}$/, `entries must be an integer from 1 to ${MAX_ENTRIES}`)
    .refine((v) => Number(v) >= 1 && Number(v) <= MAX_ENTRIES, `entries must be an integer from 1 to ${MAX_ENTRIES}`)
    .optional()
    .openapi({ description: `Page size (default ${DEFAULT_ENTRIES}, max ${MAX_ENTRIES})`, example: '40' }),
  search: z.string().max(100).optional().openapi({ description: 'Case-insensitive match on the name', example: 'meta' }),
  include: WalletIdList,
  exclude: WalletIdList,
  chains: ChainList,
  rdns: RdnsList,
})

const WalletSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    homepage: z.string().nullable(),
    image_url: z.string(),
    order: z.number(),
    mobile_link: z.string().nullable(),
    desktop_link: z.string().nullable(),
    webapp_link: z.string().nullable(),
    app_store: z.string().nullable(),
    play_store: z.string().nullable(),
    rdns: z.string().nullable(),
    chains: z.array(z.string()),
    injected: z.array(z.object({ namespace: z.string(), injected_id: z.string() })),
  })
  .openapi('Wallet')

const getWallets = createRoute({
  method: 'get',
  path: '/getWallets',
  summary: 'The wallet registry, filtered and paged (SPEC §5 "Wallet list", §9 "Lists and paging")',
  request: { query: WalletsQuery },
  responses: {
    200: {
      description: 'One page of wallets ordered by `order`, and the count of all matches',
      content: { 'application/json': { schema: z.object({ count: z.number(), data: z.array(WalletSchema) }) } },
    },
    ...errorResponses,
  },
})

const asJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T

const listItem = (r: WalletRow, base: string) => ({
  id: r.id,
  name: r.name,
  homepage: r.homepage,
  image_url: `${base}/icons/wallets/${encodeURIComponent(r.image_id)}.${ICON_TYPES[r.icon_type as IconType] ?? 'svg'}`,
  order: r.sort_order,
  mobile_link: r.mobile_link,
  desktop_link: r.desktop_link,
  webapp_link: r.webapp_link,
  app_store: r.app_store,
  play_store: r.play_store,
  rdns: r.rdns,
  chains: asJson<string[]>(r.chains),
  injected: asJson<Array<{ namespace: string; injected_id: string }>>(r.injected),
})

export function register(app: App, ctx: ServerContext) {
  // The registry is (re)seeded from src/registry/wallets.json when it changed; requests wait for it.
  const ready = seedWallets(ctx.db).catch((error) => {
    ctx.log('wallet registry seed failed', error)
    throw error
  })
  ready.catch(() => undefined)
  ctx.onClose(() =>
    ready.then(
      () => undefined,
      () => undefined,
    ),
  )
  // Answered pages, by query, for PAGE_CACHE_MS: the list changes only when it is seeded or synced (which clears it).
  // Kept serialized: a hit is answered without JSON.stringify (19% of the path's CPU in the bench profile).
  const pages = new Map<string, { until: number; json: string }>()
  scheduleSync(ctx, ready, () => pages.clear())

  app.openapi(getWallets, async (c) => {
    await ready
    const q = c.req.valid('query')
    const list = (v: string | undefined) => (v === undefined ? undefined : splitList(v))
    const query = {
      page: q.page ? Number(q.page) : 1,
      entries: q.entries ? Number(q.entries) : DEFAULT_ENTRIES,
      search: q.search?.trim() || undefined,
      include: list(q.include),
      exclude: list(q.exclude),
      chains: list(q.chains),
      rdns: list(q.rdns),
    }
    const key = JSON.stringify(query)
    const hit = pages.get(key)
    if (hit && hit.until > Date.now()) return c.body(hit.json, 200, JSON_TYPE) as never
    const { count, rows } = await queryWallets(ctx.db, query)
    const base = ctx.config.publicUrl.replace(/\/+$/, '')
    const json = JSON.stringify({ count, data: rows.map((r) => listItem(r, base)) })
    if (pages.size >= PAGE_CACHE_ENTRIES) pages.delete(pages.keys().next().value!)
    pages.set(key, { until: Date.now() + PAGE_CACHE_MS, json })
    return c.body(json, 200, JSON_TYPE) as never
  })

  // Icons carry no projectId (the guard lets /icons/ through) so <img> tags can load them.
  app.get('/icons/wallets/:file', async (c) => {
    const match = /^([a-z0-9][a-z0-9-]{0,63})\.(svg|png|jpg|webp)$/.exec(c.req.param('file'))
    if (!match) throw Refusal.notFound()
    await ready
    if (match[2] !== 'svg') {
      // An icon mirrored from the explorer API: its bytes were checked when stored (sync.ts).
      const icon = await mirroredIcon(ctx.db, match[1]!)
      if (!icon || ICON_TYPES[icon.content_type as IconType] !== match[2]) throw Refusal.notFound()
      const headers = {
        'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
        ETag: `"${icon.sha256.slice(0, 22)}"`,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'",
      }
      if (c.req.header('If-None-Match') === headers.ETag) return c.body(null, 304, headers)
      return c.body(Buffer.from(icon.body), 200, { ...headers, 'Content-Type': icon.content_type })
    }
    const wallet = await walletForImage(ctx.db, match[1]!)
    if (!wallet) throw Refusal.notFound()
    const svg = walletIconSvg(wallet)
    const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`
    const headers = {
      'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    }
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers)
    return c.body(svg, 200, { ...headers, 'Content-Type': 'image/svg+xml; charset=utf-8' })
  })
}

/** config.walletRegistry: a sync at start (after the seed) and then every intervalMs; a failure keeps the wallets the database has. */
function scheduleSync(ctx: ServerContext, ready: Promise<unknown>, changed: () => void) {
  const source = ctx.config.walletRegistry
  if (!source) return
  let running: Promise<void> | undefined
  const sync = () => {
    running ??= ready
      .then(() => syncRegistry(ctx.db, source, { log: ctx.log }))
      .then((result) => {
        changed()
        ctx.log('wallet registry synced', result)
      })
      .catch((error) => ctx.log('wallet registry sync failed', error instanceof Error ? error.message : error))
      .finally(() => {
        running = undefined
      })
    return running
  }
  void sync()
  const timer = setInterval(sync, source.intervalMs)
  timer.unref()
  ctx.onClose(async () => {
    clearInterval(timer)
    await running
  })
}
