import type { ServerContext } from '../context.js'
import type { Queryable } from '../db/database.js'
import { fencedTransaction, type Fence } from './fence.js'

/**
 * The indexer's tables: a chain's cursor (last indexed block number and hash), its transactions,
 * transfers and per-account rows, written in one database transaction a step.
 */

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

export interface Cursor {
  number: bigint
  hash: string
}

export interface TxRow {
  hash: string
  blockNumber: number
  blockTime: number
  txIndex: number
  from: string
  to: string | null
  status: 'confirmed' | 'failed'
}

export interface TransferRow {
  hash: string
  blockNumber: number
  logIndex: number
  kind: 'native' | 'erc20' | 'erc721'
  token: string | null
  from: string
  to: string
  amount: string
  tokenId: string | null
}

/** One step's rows: transactions, their transfers, and an account_transactions row per account involved. */
export async function writeRows(db: Queryable, chainId: string, txs: TxRow[], transfers: TransferRow[]) {
  await insertMany(
    db,
    'chain_transactions (chain_id, hash, block_number, block_time, tx_index, from_address, to_address, status)',
    txs.map((t) => [chainId, t.hash, t.blockNumber, t.blockTime, t.txIndex, t.from, t.to, t.status]),
    'on conflict (chain_id, hash) do update set status = excluded.status',
  )
  await insertMany(
    db,
    'chain_transfers (chain_id, hash, block_number, log_index, kind, token, from_address, to_address, amount, token_id)',
    transfers.map((t) => [chainId, t.hash, t.blockNumber, t.logIndex, t.kind, t.token, t.from, t.to, t.amount, t.tokenId]),
    'on conflict do nothing',
  )
  const accounts: unknown[][] = []
  for (const tx of txs) {
    const involved = new Set([tx.from])
    for (const t of transfers) if (t.hash === tx.hash) involved.add(t.from).add(t.to)
    involved.delete(ZERO_ADDRESS)
    for (const address of involved) accounts.push([address, chainId, tx.hash, tx.blockTime, tx.blockNumber, tx.txIndex])
  }
  await insertMany(db, 'account_transactions (address, chain_id, hash, block_time, block_number, tx_index)', accounts, 'on conflict do nothing')
}

/** Multi-row inserts in chunks (bounded statement size). */
export async function insertMany(db: Queryable, target: string, rows: unknown[][], conflict: string) {
  if (rows.length === 0) return
  const width = rows[0]!.length
  const perChunk = Math.max(1, Math.floor(900 / width))
  for (let i = 0; i < rows.length; i += perChunk) {
    const chunk = rows.slice(i, i + perChunk)
    const values = chunk.map((_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`).join(', ')
    await db.query(`insert into ${target} values ${values} ${conflict}`, chunk.flat())
  }
}

export async function loadCursor(db: Queryable, chainId: string): Promise<Cursor | null> {
  const [row] = await db.query<{ block_number: string; block_hash: string }>(
    'select block_number::text as block_number, block_hash from chain_cursors where chain_id = $1',
    [chainId],
  )
  return row ? { number: BigInt(row.block_number), hash: row.block_hash } : null
}

/** Drops everything indexed (and cached) for a chain: the next step starts from the backfill point (another chain under the id, never a reorg). */
export async function resetChain(ctx: ServerContext, chainId: string, reason: string, fence: Fence) {
  ctx.logger?.warn({ event: 'indexer.reset', chainId, reason }, `indexer ${chainId}: ${reason} (another chain under this id); re-indexing`)
  await fencedTransaction(ctx.db, fence, async (db) => {
    for (const table of ['account_transactions', 'chain_transfers', 'chain_transactions', 'chain_blocks', 'chain_cursors', 'token_metadata', 'nft_metadata'])
      await db.query(`delete from ${table} where chain_id = $1`, [chainId])
  })
  // The old chain's balances and history pages are gone with it.
  await ctx.balanceCache?.clear(chainId)
  await ctx.historyCache?.clear()
}
