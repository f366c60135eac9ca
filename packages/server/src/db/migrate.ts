import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Database } from './database.js'

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url))
/** Any fixed number: serializes migrations across server instances sharing one PostgreSQL. */
const LOCK_ID = 7_420_011

/** Applies migrations/NNN_name.sql in order, each once, each in a transaction. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
  const applied: string[] = []
  const run = async () => {
    await db.exec('create table if not exists portico_migrations (name text primary key, applied_at timestamptz not null default now())')
    const done = new Set((await db.query<{ name: string }>('select name from portico_migrations')).map((r) => r.name))
    for (const file of files) {
      if (done.has(file)) continue
      const sql = readFileSync(`${dir}/${file}`, 'utf8')
      await db.transaction(async (tx) => {
        for (const statement of splitStatements(sql)) await tx.query(statement)
        await tx.query('insert into portico_migrations (name) values ($1)', [file])
      })
      applied.push(file)
    }
  }
  // The lock is taken on a connection of its own: a pooled query could take it on one connection and
  // release it on another. Every other instance waits here, then finds the migrations applied.
  const lock = await db.dedicated()
  if (!lock) {
    await run()
    return applied
  }
  try {
    await lock.query('select pg_advisory_lock($1)', [LOCK_ID])
    await run()
  } finally {
    await lock.close() // ends the session: the lock goes with it
  }
  return applied
}

/** Splits on semicolons at line ends; migrations keep one statement per `;\n`. */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/^\s*--.*$/gm, '')
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean)
}
