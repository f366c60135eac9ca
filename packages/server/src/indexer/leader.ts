import { createHash } from 'node:crypto'
import type { Database, DedicatedConnection } from '../db/database.js'
import { takeEpoch, type Fence } from './fence.js'

/**
 * Which instance runs a chain's indexer when several share one PostgreSQL: the holder of a
 * session-level advisory lock per chain, taken on a connection of its own (never a pooled one,
 * whose session outlives the caller). When the leader dies its session ends and PostgreSQL
 * releases the lock; a standby's next try (every `retryMs`) takes it. On PGlite one process owns
 * the database, so it always leads. Each leadership taken carries a fencing token (fence.ts): the
 * chain's next epoch, taken on the lock's own connection right after the lock, which every write
 * of the indexer checks in its transaction.
 */
export interface Leadership {
  /** Whether this instance leads `key` now; takes the lock when it is free. Never throws. */
  hold(key: string): Promise<boolean>
  /** The keys held at this moment (no database round trip). */
  held(): ReadonlySet<string>
  /** The fencing token taken with `key`'s lock (undefined when not held). */
  fence(key: string): Fence | undefined
  /** A write was refused as stale: another instance leads now, so this one's locks are gone (drops them all). */
  fenced(key: string, reason: string): void
  /** False while the lock connection is down (PGlite: always true). */
  healthy(): boolean
  /** Ends the lock connection: every lock goes with it. */
  release(): Promise<void>
}

export interface LeadershipEvents {
  acquired?: (key: string) => void
  lost?: (keys: string[], reason: string) => void
}

/** A signed 64-bit lock id from the database, schema and key: instances of one deployment agree on it. */
export function lockId(scope: string, key: string): bigint {
  return createHash('sha256').update(`portico-indexer\0${scope}\0${key}`).digest().readBigInt64BE(0)
}

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('lock connection timed out')), ms).unref())])

export function leadership(db: Database, events: LeadershipEvents = {}, options: { checkEveryMs?: number } = {}): Leadership {
  const checkEveryMs = options.checkEveryMs ?? 5_000
  const keys = new Set<string>()
  const fences = new Map<string, Fence>()
  const superseded = new Set<string>() // PGlite: a newer leadership of the same database took these
  let conn: { connection: DedicatedConnection; scope: string; checkedAt: number } | undefined
  let connecting: Promise<typeof conn> | undefined
  const pglite = db?.kind !== 'postgres' // (a unit test's context may have no database)
  let up = true
  let released = false

  const drop = (reason: string) => {
    const lost = [...keys]
    keys.clear()
    fences.clear()
    const old = conn
    conn = undefined
    up = false
    void old?.connection.close()
    if (lost.length > 0) events.lost?.(lost, reason)
  }

  const connect = async () => {
    const connection = await db.dedicated()
    if (!connection) return undefined
    connection.onLost((error) => {
      if (conn?.connection === connection) drop(error.message)
    })
    const [row] = await connection.query<{ scope: string }>("select current_database() || '/' || current_schema() as scope")
    if (released) {
      await connection.close()
      return undefined
    }
    conn = { connection, scope: row!.scope, checkedAt: Date.now() }
    up = true
    return conn
  }

  return {
    async hold(key) {
      if (released) return false
      if (pglite) {
        if (superseded.has(key)) return false
        if (fences.has(key) || !db) return true
        try {
          fences.set(key, await takeEpoch(db, key))
          return true
        } catch {
          return false
        }
      }
      try {
        if (!conn) {
          connecting ??= connect().finally(() => (connecting = undefined))
          if (!(await connecting)) return false
        }
        const current = conn!
        if (keys.has(key)) {
          // A silently dead connection would let another instance lead too: check it now and then.
          if (Date.now() - current.checkedAt > checkEveryMs) {
            await within(current.connection.query('select 1'), 5_000)
            current.checkedAt = Date.now()
          }
          return keys.has(key)
        }
        const [row] = await within(
          current.connection.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [lockId(current.scope, key).toString()]),
          5_000,
        )
        if (row?.ok && conn === current) {
          // The fencing token, on the lock's connection: only the holder can take it (a dead connection fails here).
          const fence = await within(takeEpoch(current.connection, key), 5_000)
          if (conn !== current) return false
          fences.set(key, fence)
          keys.add(key)
          events.acquired?.(key)
        }
        return keys.has(key)
      } catch (error) {
        drop(error instanceof Error ? error.message : String(error))
        return false
      }
    },
    held: () => keys,
    fence: (key) => fences.get(key),
    fenced(key, reason) {
      if (pglite) {
        fences.delete(key)
        superseded.add(key)
        events.lost?.([key], reason)
      } else if (keys.has(key)) drop(reason)
    },
    healthy: () => pglite || up,
    async release() {
      released = true
      await connecting?.catch(() => undefined)
      const old = conn
      conn = undefined
      keys.clear()
      fences.clear()
      await old?.connection.close()
    },
  }
}
