import type { PublicClient } from 'viem'
import type { ServerContext } from '../context.js'
import type { Queryable } from '../db/database.js'
import { fencedTransaction, type Fence } from './fence.js'
import { insertMany, resetChain, type Cursor } from './store.js'

/**
 * Reorgs: the indexer keeps the hashes of the last `depth` blocks it indexed (chain_blocks). When
 * the chain no longer builds on the cursor, they are compared with the chain's, newest first; the
 * highest one still on the chain is the common ancestor, and only the blocks above it are rolled
 * back. Blocks deeper than the depth are final: no common ancestor within it means another chain
 * under the same id (a restarted devnet), whose indexed data is then dropped and indexed again.
 */
export async function recordBlocks(db: Queryable, chainId: string, blocks: Cursor[], depth: number) {
  if (blocks.length === 0) return
  await insertMany(
    db,
    'chain_blocks (chain_id, block_number, block_hash)',
    blocks.map((b) => [chainId, b.number.toString(), b.hash]),
    'on conflict (chain_id, block_number) do update set block_hash = excluded.block_hash',
  )
  const last = blocks.at(-1)!.number
  await db.query('delete from chain_blocks where chain_id = $1 and block_number <= $2', [chainId, (last - BigInt(depth)).toString()])
}

/** The highest stored block the chain still has (same number, same hash), or null. */
export async function findAncestor(db: Queryable, client: PublicClient, chainId: string, depth: number): Promise<Cursor | null> {
  const stored = await db.query<{ n: string; hash: string }>(
    'select block_number::text as n, block_hash as hash from chain_blocks where chain_id = $1 order by block_number desc limit $2',
    [chainId, depth],
  )
  for (const row of stored) {
    const block = await client.getBlock({ blockNumber: BigInt(row.n) }).catch((error: unknown) => {
      if ((error as { name?: string }).name === 'BlockNotFoundError') return null
      throw error
    })
    if (block && block.hash!.toLowerCase() === row.hash.toLowerCase()) return { number: block.number!, hash: row.hash }
  }
  return null
}

/**
 * The chain changed under the cursor: roll back to the common ancestor (deleting only the rows of
 * orphaned blocks), or drop the chain's data when there is none within the depth. Returns the new cursor.
 */
export async function handleReorg(
  ctx: ServerContext,
  client: PublicClient,
  chainId: string,
  reason: string,
  depth: number,
  fence: Fence,
): Promise<Cursor | null> {
  const ancestor = await findAncestor(ctx.db, client, chainId, depth)
  if (!ancestor) {
    await resetChain(ctx, chainId, `${reason}; no common block within the last ${depth}`, fence)
    return null
  }
  const above = ancestor.number.toString()
  const { removed, touched } = await fencedTransaction(ctx.db, fence, async (db) => {
    const [row] = await db.query<{ n: string }>('select count(*)::text as n from chain_transactions where chain_id = $1 and block_number > $2', [
      chainId,
      above,
    ])
    // Whose balances the orphaned blocks had changed: their cached balances go too (chain/balanceCache.ts).
    const touched = await db.query<{ address: string }>('select distinct address from account_transactions where chain_id = $1 and block_number > $2', [
      chainId,
      above,
    ])
    for (const table of ['account_transactions', 'chain_transfers', 'chain_transactions', 'chain_blocks'])
      await db.query(`delete from ${table} where chain_id = $1 and block_number > $2`, [chainId, above])
    await db.query('update chain_cursors set block_number = $2, block_hash = $3, updated_at = now() where chain_id = $1', [chainId, above, ancestor.hash])
    return { removed: Number(row?.n ?? 0), touched: touched.map((t) => t.address) }
  })
  await ctx.balanceCache?.invalidate(chainId, touched)
  await ctx.historyCache?.invalidate(touched)
  ctx.logger?.warn({ event: 'indexer.reorg', chainId, reason, ancestor: Number(ancestor.number), orphanedTransactions: removed }, 'indexer: reorg rolled back')
  return ancestor
}
