import type { ServerContext } from '../context.js'
import type { Queryable } from '../db/database.js'
import { fencedTransaction, type Fence } from '../indexer/fence.js'
import { insertMany } from '../indexer/store.js'
import { EsploraNotFoundError, EsploraTxs, TxStatus, type EsploraClient } from './esplora.js'
import { bitcoinTxRows, type BitcoinTxRows } from './transactions.js'

/*
 * One sync of the Bitcoin follower (bitcoin/follower.ts): an address's confirmed transactions not yet
 * recorded, read newest first from /address/:a/txs and its /txs/chain/:last_seen pages until one already
 * recorded, written to the history tables under the leader's fence; and the check that the chain was not reset.
 */

/** The most transactions read for one address in one sync (a fresh address starts with its newest). */
const MAX_TXS = 1_000

/** Reads and records what is new for `address`; answers the addresses whose rows were written. */
export async function syncBitcoinAddress(ctx: ServerContext, esplora: EsploraClient, chainId: string, address: string, fence: Fence): Promise<Set<string>> {
  const fresh: BitcoinTxRows[] = []
  let path = `/address/${address}/txs`
  read: while (fresh.length < MAX_TXS) {
    const page = (await esplora.json(path, EsploraTxs)).filter((tx) => tx.status.confirmed)
    if (page.length === 0) break
    const known = await recorded(
      ctx.db,
      chainId,
      address,
      page.map((tx) => tx.txid),
    )
    for (const tx of page) {
      if (known.has(tx.txid)) break read
      const rows = bitcoinTxRows(tx)
      if (rows) fresh.push(rows)
    }
    path = `/address/${address}/txs/chain/${page.at(-1)!.txid}`
  }
  if (fresh.length === 0) return new Set()
  const involved = await fencedTransaction(ctx.db, fence, (db) => writeBitcoinRows(db, chainId, fresh))
  await ctx.balanceCache?.invalidate(chainId, involved)
  await ctx.historyCache?.invalidate(involved)
  return involved
}

async function recorded(db: Queryable, chainId: string, address: string, txids: string[]): Promise<Set<string>> {
  const rows = await db.query<{ hash: string }>(
    `select hash from account_transactions where address = $1 and chain_id = $2 and hash in (${txids.map((_, i) => `$${i + 3}`).join(', ')})`,
    [address, chainId, ...txids],
  )
  return new Set(rows.map((r) => r.hash))
}

/** The rows of EVM and Solana history: transactions with their fee (satoshis), transfers by output, and an account row per address involved. */
export async function writeBitcoinRows(db: Queryable, chainId: string, txs: BitcoinTxRows[]): Promise<Set<string>> {
  await insertMany(
    db,
    'chain_transactions (chain_id, hash, block_number, block_time, tx_index, from_address, to_address, status, fee)',
    txs.map((tx) => [chainId, tx.txid, tx.height, tx.time, tx.index, tx.from, tx.to, 'confirmed', tx.fee.toString()]),
    'on conflict do nothing',
  )
  await insertMany(
    db,
    'chain_transfers (chain_id, hash, block_number, log_index, kind, token, from_address, to_address, amount, token_id)',
    txs.flatMap((tx) => tx.transfers.map((t) => [chainId, tx.txid, tx.height, t.vout, 'native', null, t.from, t.to, t.amount.toString(), null])),
    'on conflict do nothing',
  )
  await insertMany(
    db,
    'account_transactions (address, chain_id, hash, block_time, block_number, tx_index)',
    txs.flatMap((tx) => [...tx.involved].map((address) => [address, chainId, tx.txid, tx.time, tx.height, tx.index])),
    'on conflict do nothing',
  )
  return new Set(txs.flatMap((tx) => [...tx.involved]))
}

/**
 * Whether the newest recorded transaction of the chain is still where it was recorded (same block
 * height, confirmed). Not: the chain was reset (a restarted devnet) or reorganized under it.
 */
export async function chainStillHolds(ctx: ServerContext, esplora: EsploraClient, chainId: string): Promise<boolean> {
  const [newest] = await ctx.db.query<{ hash: string; block: string }>(
    'select hash, block_number::text as block from chain_transactions where chain_id = $1 order by block_number desc limit 1',
    [chainId],
  )
  if (!newest) return true
  try {
    const status = await esplora.json(`/tx/${newest.hash}/status`, TxStatus)
    return status.confirmed && status.block_height === Number(newest.block)
  } catch (error) {
    if (error instanceof EsploraNotFoundError) return false
    throw error
  }
}

/** Drops everything recorded and cached for a chain (a reset chain under the same id): the followed addresses are read again. */
export async function resetBitcoinChain(ctx: ServerContext, chainId: string, reason: string, fence: Fence) {
  ctx.logger?.warn({ event: 'indexer.reset', chainId, reason }, `bitcoin ${chainId}: ${reason}; re-reading its followed addresses`)
  await fencedTransaction(ctx.db, fence, async (db) => {
    for (const table of ['account_transactions', 'chain_transfers', 'chain_transactions']) await db.query(`delete from ${table} where chain_id = $1`, [chainId])
  })
  await ctx.balanceCache?.clear(chainId)
  await ctx.historyCache?.clear()
}
