import type { Database, Queryable } from '../db/database.js'

/**
 * Fencing for the one-indexer-per-chain leadership (leader.ts). Holding the advisory lock when a
 * step starts does not mean still holding it when the step writes: the lock connection may drop,
 * and another instance may take the lock, mid-step. So each leadership taken bumps the chain's
 * epoch (indexer_leases), and each write transaction first locks that row and checks the epoch it
 * was given: a stale leader's write is refused (FencedError) and nothing of it lands. A successor
 * bumps the epoch before it reads the cursor, and the bump waits for any write that already passed
 * its check, so the successor always starts from the last committed step.
 */
export interface Fence {
  chainId: string
  epoch: bigint
}

export class FencedError extends Error {
  override name = 'FencedError'
  constructor(fence: Fence, current: bigint | undefined) {
    super(`indexer ${fence.chainId}: leadership epoch ${fence.epoch} is stale (now ${current ?? 'none'}); write refused`)
  }
}

/** Takes the next epoch of a chain. Run it on the connection that holds the chain's lock. */
export async function takeEpoch(db: Queryable, chainId: string): Promise<Fence> {
  const [row] = await db.query<{ epoch: string }>(
    `insert into indexer_leases (chain_id, epoch, taken_at) values ($1, 1, now())
     on conflict (chain_id) do update set epoch = indexer_leases.epoch + 1, taken_at = now()
     returning epoch::text as epoch`,
    [chainId],
  )
  return { chainId, epoch: BigInt(row!.epoch) }
}

/** Inside a write transaction, before its first write: locks the chain's lease row and refuses a stale epoch. */
export async function checkFence(tx: Queryable, fence: Fence) {
  const [row] = await tx.query<{ epoch: string }>('select epoch::text as epoch from indexer_leases where chain_id = $1 for update', [fence.chainId])
  const current = row ? BigInt(row.epoch) : undefined
  if (current !== fence.epoch) throw new FencedError(fence, current)
}

/** A write transaction that lands only while `fence` is the chain's current epoch. */
export function fencedTransaction<T>(db: Database, fence: Fence, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await checkFence(tx, fence)
    return fn(tx)
  })
}
