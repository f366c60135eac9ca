import { CAIP2_PATTERN } from '@portico/core/spec'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import type { Database, Queryable } from '../db/database.js'

/** Any fixed number, distinct from the migration lock. */
const SEED_LOCK_ID = 7_420_010
const SEED_FILE = new URL('./wallets.json', import.meta.url)

const Link = z.string().max(512).nullable()
export const RegistryWalletSchema = z.object({
  /** A stable slug (or a 64-hex id). */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$|^[0-9a-f]{64}$/),
  name: z.string().min(1).max(64),
  image_id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
  rdns: z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i)
    .nullable(),
  homepage: z.string().url(),
  mobile_link: Link,
  desktop_link: Link,
  webapp_link: Link,
  app_store: Link,
  play_store: Link,
  /** CAIP-2 ids of the networks the wallet lists. */
  chains: z.array(z.string().regex(CAIP2_PATTERN)).min(1),
  injected: z.array(z.object({ namespace: z.string(), injected_id: z.string() })),
  /** The wallet lets users add any EVM network, so it matches any eip155 chain filter. */
  custom_evm_chains: z.boolean(),
  /** Brand colour of the generated icon. */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  initials: z.string().min(1).max(3).optional(),
  /** Written by scripts/wallet-registry.ts from public sources (replaced when it runs again); hand-kept entries have none. */
  generated: z.boolean().optional(),
})
export type RegistryWallet = z.infer<typeof RegistryWalletSchema>

/** The seed list shipped with the server (src/registry/wallets.json), validated. */
export function loadSeedWallets(): { wallets: RegistryWallet[]; hash: string } {
  const text = readFileSync(SEED_FILE, 'utf8')
  const parsed = z.object({ version: z.number(), wallets: z.array(RegistryWalletSchema) }).parse(JSON.parse(text))
  return { wallets: parsed.wallets, hash: createHash('sha256').update(text).digest('hex') }
}

/**
 * Upserts the seed list into `wallets` when it changed since the last seed (hash kept in
 * wallet_registry_meta), removing seed rows that left the list. Rows with another source
 * (added by an operator) are kept. Idempotent and safe to run from several instances at once.
 */
export async function seedWallets(db: Database, seed = loadSeedWallets()): Promise<boolean> {
  const meta = await db.query<{ key: string; value: string }>("select key, value from wallet_registry_meta where key in ('seed_hash', 'explorer_synced_at')")
  // A registry synced from the explorer API (sync.ts) replaced the bundled list; it is not brought back.
  if (meta.some((m) => m.key === 'explorer_synced_at')) return false
  if (meta.find((m) => m.key === 'seed_hash')?.value === seed.hash) return false
  const rows = seed.wallets.map((w, i) => ({ ...w, sort_order: i + 1, initials: w.initials ?? null }))
  return db.transaction(async (tx: Queryable) => {
    // One seeder at a time across instances sharing a PostgreSQL; the others then see the hash.
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK_ID])
    const again = await tx.query<{ key: string; value: string }>("select key, value from wallet_registry_meta where key in ('seed_hash', 'explorer_synced_at')")
    if (again.some((m) => m.key === 'explorer_synced_at') || again.find((m) => m.key === 'seed_hash')?.value === seed.hash) return false
    await upsertWallets(tx, rows, 'seed')
    await tx.query("delete from wallets where source = 'seed' and not (id = any($1::text[]))", [rows.map((r) => r.id)])
    await tx.query(
      `insert into wallet_registry_meta (key, value) values ('seed_hash', $1)
       on conflict (key) do update set value = excluded.value`,
      [seed.hash],
    )
    return true
  })
}

export interface WalletQuery {
  page: number
  entries: number
  search?: string
  include?: string[]
  exclude?: string[]
  chains?: string[]
  rdns?: string[]
}

export interface WalletRow {
  id: string
  name: string
  sort_order: number
  image_id: string
  homepage: string | null
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  rdns: string | null
  chains: unknown
  injected: unknown
  /** The mirrored icon's type (sync.ts), null for a generated one. */
  icon_type: string | null
}

/** One page of the registry, filtered, ordered by sort order, plus the total count of matches. */
export async function queryWallets(db: Queryable, q: WalletQuery): Promise<{ count: number; rows: WalletRow[] }> {
  const where: string[] = []
  const params: unknown[] = []
  const param = (value: unknown) => `$${params.push(value)}`
  if (q.search) where.push(`name ilike ${param(`%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`)
  if (q.include?.length) where.push(`id = any(${param(q.include)}::text[])`)
  if (q.exclude?.length) where.push(`not (id = any(${param(q.exclude)}::text[]))`)
  if (q.rdns?.length) where.push(`lower(rdns) = any(${param(q.rdns.map((r) => r.toLowerCase()))}::text[])`)
  if (q.chains?.length) {
    const anyEvm = q.chains.some((c) => c.startsWith('eip155:'))
    where.push(`(chains ?| ${param(q.chains)}::text[]${anyEvm ? ' or custom_evm_chains' : ''})`)
  }
  const filter = where.length ? `where ${where.join(' and ')}` : ''
  const [total] = await db.query<{ count: string | number }>(`select count(*) as count from wallets ${filter}`, params)
  const rows = await db.query<WalletRow>(
    `select id, name, sort_order, image_id, homepage, mobile_link, desktop_link, webapp_link, app_store, play_store,
       rdns, chains, injected, (select content_type from wallet_icons i where i.image_id = wallets.image_id) as icon_type
     from wallets ${filter} order by sort_order, id limit ${param(q.entries)} offset ${param((q.page - 1) * q.entries)}`,
    params,
  )
  return { count: Number(total?.count ?? 0), rows }
}

/** A mirrored icon (sync.ts) by image id. */
export async function mirroredIcon(db: Queryable, imageId: string) {
  const [row] = await db.query<{ content_type: string; body: Uint8Array; sha256: string }>(
    'select content_type, body, sha256 from wallet_icons where image_id = $1',
    [imageId],
  )
  return row
}

export async function walletForImage(db: Queryable, imageId: string) {
  const [row] = await db.query<{ name: string; color: string; initials: string | null }>(
    'select name, color, initials from wallets where image_id = $1 order by sort_order limit 1',
    [imageId],
  )
  return row
}

/** Inserts or updates the registry's wallets from one source ('seed': the bundled list; 'explorer': a synced registry). */
export async function upsertWallets(tx: Queryable, rows: object[], source: 'seed' | 'explorer') {
  await tx.query(
    `insert into wallets (id, name, sort_order, image_id, color, initials, rdns, homepage, mobile_link, desktop_link,
       webapp_link, app_store, play_store, chains, injected, custom_evm_chains, source, updated_at)
     select id, name, sort_order, image_id, color, initials, rdns, homepage, mobile_link, desktop_link,
       webapp_link, app_store, play_store, chains, injected, custom_evm_chains, $2::text, now()
     from jsonb_to_recordset($1::jsonb) as w(id text, name text, sort_order integer, image_id text, color text,
       initials text, rdns text, homepage text, mobile_link text, desktop_link text, webapp_link text,
       app_store text, play_store text, chains jsonb, injected jsonb, custom_evm_chains boolean)
     order by id
     on conflict (id) do update set name = excluded.name, sort_order = excluded.sort_order, image_id = excluded.image_id,
       color = excluded.color, initials = excluded.initials, rdns = excluded.rdns, homepage = excluded.homepage,
       mobile_link = excluded.mobile_link, desktop_link = excluded.desktop_link, webapp_link = excluded.webapp_link,
       app_store = excluded.app_store, play_store = excluded.play_store, chains = excluded.chains,
       injected = excluded.injected, custom_evm_chains = excluded.custom_evm_chains, source = $2::text, updated_at = now()`,
    [JSON.stringify(rows), source],
  )
}
