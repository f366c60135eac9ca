import type { Database } from '../db/database.js'
import { lockId } from './leader.js'

/**
 * For tests on PostgreSQL: ends the session holding `key`'s advisory lock (what happens when a leader's host or
 * connection dies). Returns how many sessions it ended.
 */
export async function killLockSession(db: Database, key: string): Promise<number> {
  const [{ scope }] = (await db.query<{ scope: string }>("select current_database() || '/' || current_schema() as scope")) as [{ scope: string }]
  const id = BigInt.asUintN(64, lockId(scope, key))
  const rows = await db.query(
    `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted and objsubid = 1 and classid = $1::bigint::oid and objid = $2::bigint::oid`,
    [(id >> 32n).toString(), (id & 0xffffffffn).toString()],
  )
  return rows.length
}
