import type { Queryable } from '../db/database.js'

/** SPEC §3 'Name-service record'. Times are ISO 8601 strings. */
export interface NameRecord {
  name: string
  registered_at: string
  updated_at: string
  /** By coin type (ENSIP-11, as a decimal string key). */
  addresses: Record<string, { address: string; created: string }>
  attributes: Record<string, string>
}

interface RecordRow {
  name: string
  attributes: unknown
  registered_at: Date | string
  updated_at: Date | string
}
interface AddressRow {
  name: string
  coin_type: string | number
  address: string
  created: Date | string
}

const iso = (v: Date | string) => new Date(v).toISOString()
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, string>

async function build(db: Queryable, rows: RecordRow[]): Promise<NameRecord[]> {
  if (rows.length === 0) return []
  const addresses = await db.query<AddressRow>('select name, coin_type, address, created from name_addresses where name = any($1) order by coin_type', [
    rows.map((r) => r.name),
  ])
  return rows.map((r) => ({
    name: r.name,
    registered_at: iso(r.registered_at),
    updated_at: iso(r.updated_at),
    addresses: Object.fromEntries(
      addresses.filter((a) => a.name === r.name).map((a) => [String(a.coin_type), { address: a.address, created: iso(a.created) }]),
    ),
    attributes: json(r.attributes) ?? {},
  }))
}

export async function findName(db: Queryable, name: string): Promise<NameRecord | undefined> {
  const rows = await db.query<RecordRow>('select name, attributes, registered_at, updated_at from name_records where name = $1', [name])
  return (await build(db, rows))[0]
}

/** Names resolving to an address (any coin type), oldest registration first. */
export async function namesForAddress(db: Queryable, addressKey: string, coinType?: number): Promise<NameRecord[]> {
  const rows = await db.query<RecordRow>(
    `select r.name, r.attributes, r.registered_at, r.updated_at from name_records r
     where exists (select 1 from name_addresses a where a.name = r.name and a.address_key = $1 and ($2::bigint is null or a.coin_type = $2))
     order by r.registered_at, r.name limit 100`,
    [addressKey, coinType ?? null],
  )
  return build(db, rows)
}

/** Which of `names` are registered. */
export async function registeredAmong(db: Queryable, names: string[]): Promise<Set<string>> {
  const rows = await db.query<{ name: string }>('select name from name_records where name = any($1)', [names])
  return new Set(rows.map((r) => r.name))
}

/** Registers a name; undefined when it is already taken (atomic). */
export async function insertName(
  db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  input: { name: string; attributes: Record<string, string>; coinType: number; address: string; addressKey: string },
): Promise<NameRecord | undefined> {
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx.query<{ name: string }>('insert into name_records (name, attributes) values ($1, $2) on conflict (name) do nothing returning name', [
      input.name,
      JSON.stringify(input.attributes),
    ])
    if (rows.length === 0) return false
    await tx.query('insert into name_addresses (name, coin_type, address, address_key) values ($1, $2, $3, $4)', [
      input.name,
      input.coinType,
      input.address,
      input.addressKey,
    ])
    return true
  })
  return inserted ? findName(db, input.name) : undefined
}
