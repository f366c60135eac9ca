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
  /**
   * PostgreSQL: a connection of its own, outside the pool (session-level advisory locks live as long
   * as it does). PGlite: undefined — one process owns the database, so it is always the leader.
   */
  dedicated(): Promise<DedicatedConnection | undefined>
  /** The pool's connections (PostgreSQL), for the DB pool gauges; undefined on PGlite. */
  poolStats(): { total: number; idle: number; waiting: number } | undefined
  close(): Promise<void>
}

export interface DedicatedConnection extends Queryable {
  /** Called once when the connection breaks (every session lock it held is gone). */
  onLost(fn: (error: Error) => void): void
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
    dedicated: async () => undefined,
    poolStats: () => undefined,
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
    dedicated: () => openDedicated(url),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  }
}

async function openDedicated(url: string): Promise<DedicatedConnection> {
  const client = new pg.Client({ connectionString: url, keepAlive: true })
  let lost: ((error: Error) => void) | undefined
  let closed = false
  const fail = (error: Error) => {
    if (closed) return
    closed = true
    lost?.(error)
  }
  client.on('error', fail)
  client.on('end', () => fail(new Error('connection ended')))
  await client.connect()
  // The server notices a vanished peer (a host gone without closing its socket) within ~25 s and
  // ends its session, which releases its locks: another instance takes over within 30 s.
  await client.query('set tcp_keepalives_idle = 10; set tcp_keepalives_interval = 5; set tcp_keepalives_count = 3')
  return {
    query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
    onLost: (fn) => void (lost = fn),
    async close() {
      closed = true
      await client.end().catch(() => undefined)
    },
  }
}
