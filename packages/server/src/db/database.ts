import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
}

/**
 * One SQL interface over embedded PGlite (default: a directory under the data dir, or memory)
 * and PostgreSQL (DATABASE_URL). The same SQL and migrations run on both.
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export interface OpenDatabaseOptions {
  /** postgres://… — when set, PostgreSQL is used. */
  databaseUrl?: string
  /** Directory for PGlite's files; in-memory when omitted. */
  dataDir?: string
}

export async function openDatabase({ databaseUrl, dataDir }: OpenDatabaseOptions): Promise<Database> {
  if (databaseUrl) return openPostgres(databaseUrl)
  return openPglite(dataDir)
}

async function openPglite(dataDir?: string): Promise<Database> {
  const db = dataDir ? new PGlite(dataDir) : new PGlite()
  await db.waitReady
  // PGlite is single-connection: queue transactions so they never interleave with other queries.
  let chain: Promise<unknown> = Promise.resolve()
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn)
    chain = next.catch(() => undefined)
    return next
  }
  return {
    kind: 'pglite',
    query: (sql, params) => serial(async () => (await db.query(sql, params)).rows as never),
    exec: (sql) => serial(async () => void (await db.exec(sql))),
    transaction: (fn) => serial(() => db.transaction((tx) => fn({ query: async (sql, params) => (await tx.query(sql, params)).rows as never }))),
    close: () => db.close(),
  }
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  await pool.query('select 1')
  return {
    kind: 'postgres',
    query: async (sql, params) => (await pool.query(sql, params as unknown[])).rows,
    exec: async (sql) => void (await pool.query(sql)),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await fn({ query: async (sql, params) => (await client.query(sql, params as unknown[])).rows })
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
