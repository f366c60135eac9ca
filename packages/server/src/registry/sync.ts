import { CAIP2_PATTERN } from '@portico/core/spec'
import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { ServerConfig } from '../config.js'
import type { Database, Queryable } from '../db/database.js'
import { RegistryWalletSchema, type RegistryWallet, upsertWallets } from './registry.js'

type RegistrySource = NonNullable<ServerConfig['walletRegistry']>

/** Same lock as the seed (registry.ts): one writer of the wallets table at a time across instances. */
const REGISTRY_LOCK_ID = 7_420_010
const MAX_PAGES = 200
export const ICON_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const
export type IconType = keyof typeof ICON_TYPES

const nullableText = z.string().nullish().catch(null)
/** One listing of the WalletConnect explorer API (GET /v3/wallets: { listings: { [id]: listing }, count, total }). */
const Listing = z.object({
  id: z.string(),
  name: z.string(),
  homepage: nullableText,
  image_id: z.string(),
  chains: z.array(z.string()).catch([]),
  rdns: nullableText,
  injected: z
    .array(z.object({ namespace: z.string(), injected_id: z.string() }))
    .nullish()
    .catch(null),
  app: z.record(z.string(), z.string().nullish()).nullish().catch(null),
  mobile: z.object({ native: nullableText, universal: nullableText }).nullish().catch(null),
  desktop: z.object({ native: nullableText, universal: nullableText }).nullish().catch(null),
  metadata: z
    .object({ colors: z.object({ primary: nullableText }).nullish().catch(null) })
    .nullish()
    .catch(null),
})
const Page = z.object({ listings: z.record(z.string(), z.unknown()), count: z.number().optional(), total: z.number().optional() })

export interface SyncResult {
  wallets: number
  skipped: number
  iconsMirrored: number
  iconsRefused: number
}

/**
 * Syncs the registry from a WalletConnect-explorer-compatible API (config.walletRegistry): every page of
 * GET {url}/wallets?projectId=&entries=&page=, each listing validated (one that does not fit is skipped,
 * never stored half), then in one transaction the explorer's wallets replace the bundled and earlier
 * synced ones (rows an operator added with another source stay). Icons the database lacks are fetched
 * from {url}/logo/md/{image_id} and kept when they are PNG, JPEG or WebP (by their bytes) within
 * maxIconBytes; the server serves them itself. Throws when the API fails or answers nothing, leaving the
 * wallets as they were.
 */
export async function syncRegistry(
  db: Database,
  source: RegistrySource,
  opts: { fetch?: typeof fetch; log?: (...args: unknown[]) => void } = {},
): Promise<SyncResult> {
  const fetchFn = opts.fetch ?? fetch
  const base = source.url.replace(/\/+$/, '')
  const get = (path: string) => fetchFn(`${base}${path}`, { signal: AbortSignal.timeout(source.timeoutMs), headers: { accept: 'application/json' } })
  const key = `projectId=${encodeURIComponent(source.projectId)}`

  const listings: unknown[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const response = await get(`/wallets?${key}&entries=${source.pageSize}&page=${page}`)
    if (!response.ok) throw new Error(`wallet registry page ${page}: HTTP ${response.status}`)
    const body = Page.parse(await response.json())
    const found = Object.values(body.listings)
    listings.push(...found)
    const total = body.total ?? body.count
    if (found.length < source.pageSize || (total !== undefined && listings.length >= total)) break
  }
  const wallets: RegistryWallet[] = []
  const ids = new Set<string>()
  for (const raw of listings) {
    const wallet = toWallet(raw)
    if (wallet && !ids.has(wallet.id)) {
      ids.add(wallet.id)
      wallets.push(wallet)
    }
  }
  if (!wallets.length) throw new Error('wallet registry: the API listed no usable wallet')

  await db.transaction(async (tx: Queryable) => {
    await tx.query('select pg_advisory_xact_lock($1)', [REGISTRY_LOCK_ID])
    const rows = wallets.map((w, i) => ({ ...w, sort_order: i + 1, initials: null }))
    await upsertWallets(tx, rows, 'explorer')
    await tx.query("delete from wallets where source in ('seed', 'explorer') and not (id = any($1::text[]))", [rows.map((r) => r.id)])
    await tx.query(
      `insert into wallet_registry_meta (key, value) values ('explorer_synced_at', $1)
       on conflict (key) do update set value = excluded.value`,
      [new Date().toISOString()],
    )
  })

  const have = new Set((await db.query<{ image_id: string }>('select image_id from wallet_icons')).map((r) => r.image_id))
  const missing = [...new Set(wallets.map((w) => w.image_id))].filter((id) => !have.has(id))
  let iconsMirrored = 0
  let iconsRefused = 0
  const fetchIcon = async (imageId: string) => {
    try {
      const response = await get(`/logo/md/${encodeURIComponent(imageId)}?${key}`)
      const length = Number(response.headers.get('content-length') ?? 0)
      if (!response.ok || length > source.maxIconBytes) throw new Error(`HTTP ${response.status}, ${length} bytes`)
      const body = Buffer.from(await response.arrayBuffer())
      const type = iconType(body)
      if (!type || body.length > source.maxIconBytes) throw new Error(`not a PNG, JPEG or WebP within ${source.maxIconBytes} bytes`)
      await db.query(
        `insert into wallet_icons (image_id, content_type, body, sha256) values ($1, $2, $3, $4)
         on conflict (image_id) do update set content_type = excluded.content_type, body = excluded.body, sha256 = excluded.sha256, updated_at = now()`,
        [imageId, type, body, createHash('sha256').update(body).digest('base64url')],
      )
      iconsMirrored++
    } catch (error) {
      iconsRefused++
      opts.log?.(`wallet icon ${imageId} not mirrored`, error instanceof Error ? error.message : error)
    }
  }
  // A few at a time: hundreds of icons on the first sync.
  for (let i = 0; i < missing.length; i += 8) await Promise.all(missing.slice(i, i + 8).map(fetchIcon))
  return { wallets: wallets.length, skipped: listings.length - wallets.length, iconsMirrored, iconsRefused }
}

/** An image's type from its first bytes (never from what the API says it is). */
export function iconType(body: Uint8Array): IconType | undefined {
  const ascii = (from: number, to: number) => Buffer.from(body.subarray(from, to)).toString('latin1')
  if (body[0] === 0x89 && ascii(1, 4) === 'PNG') return 'image/png'
  if (body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return 'image/jpeg'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  return undefined
}

function toWallet(raw: unknown): RegistryWallet | undefined {
  const listing = Listing.safeParse(raw)
  if (!listing.success) return undefined
  const l = listing.data
  const link = (value: string | null | undefined) => (value && value.length <= 512 ? value : null)
  const color = l.metadata?.colors?.primary
  const parsed = RegistryWalletSchema.safeParse({
    id: l.id.toLowerCase(),
    name: l.name.trim().slice(0, 64),
    image_id: l.image_id.toLowerCase(),
    rdns: l.rdns || null,
    homepage: l.homepage,
    mobile_link: link(l.mobile?.native || l.mobile?.universal),
    desktop_link: link(l.desktop?.native || l.desktop?.universal),
    webapp_link: link(l.app?.browser),
    app_store: link(l.app?.ios),
    play_store: link(l.app?.android),
    chains: l.chains.filter((c) => CAIP2_PATTERN.test(c)),
    injected: l.injected ?? [],
    custom_evm_chains: false,
    color: color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : '#3B82F6',
  })
  return parsed.success ? parsed.data : undefined
}
