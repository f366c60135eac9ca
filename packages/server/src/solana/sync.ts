import { z } from 'zod'
import type { ServerContext } from '../context.js'
import type { Queryable } from '../db/database.js'
import { fencedTransaction, type Fence } from '../indexer/fence.js'
import { mapLimit } from '../indexer/async.js'
import { insertMany } from '../indexer/store.js'
import { TOKEN_PROGRAMS } from './programs.js'
import { TokenAccountsAnswer, type SolanaRpc } from './rpc.js'
import { MINT_SOURCE, parseSolanaTransaction, TransactionAnswer, type ParsedSolanaTransaction } from './transfers.js'

/*
 * One sync of the Solana follower (solana/indexer.ts): an address's new signatures and their transactions,
 * written to the history tables under the leader's fence, and the check that the chain was not reset.
 */

/** Signatures per getSignaturesForAddress page, and the most read for one account in one sync (a fresh one starts there). */
const PAGE = 1000

const SignaturesAnswer = z.array(z.object({ signature: z.string() }))

/** Reads what is new for an address and its token accounts; each write under `fence` (FencedError when stale). */
export async function syncAddress(ctx: ServerContext, rpc: SolanaRpc, chainId: string, owner: string, signal: AbortSignal, fence: Fence) {
  const tokenAccounts = await Promise.all(
    TOKEN_PROGRAMS.map((programId) =>
      rpc.call('getTokenAccountsByOwner', [owner, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }], TokenAccountsAnswer),
    ),
  )
  for (const account of [owner, ...tokenAccounts.flatMap((a) => a.value.map((v) => v.pubkey))]) {
    if (signal.aborted) return
    await syncAccount(ctx, rpc, chainId, account, signal, fence)
  }
}

async function syncAccount(ctx: ServerContext, rpc: SolanaRpc, chainId: string, account: string, signal: AbortSignal, fence: Fence) {
  const [cursor] = await ctx.db.query<{ last_signature: string }>('select last_signature from solana_signature_cursors where chain_id = $1 and account = $2', [
    chainId,
    account,
  ])
  const signatures: string[] = []
  for (let before: string | undefined; ; ) {
    const page = await rpc.call(
      'getSignaturesForAddress',
      [account, { limit: PAGE, commitment: 'confirmed', ...(cursor ? { until: cursor.last_signature } : {}), ...(before ? { before } : {}) }],
      SignaturesAnswer,
    )
    signatures.push(...page.map((s) => s.signature))
    if (page.length < PAGE || signatures.length >= PAGE) break
    before = page.at(-1)!.signature
  }
  if (signatures.length === 0) return
  const known = new Set<string>()
  for (let i = 0; i < signatures.length; i += 500) {
    const chunk = signatures.slice(i, i + 500)
    const rows = await ctx.db.query<{ hash: string }>(
      `select hash from chain_transactions where chain_id = $1 and hash in (${chunk.map((_, j) => `$${j + 2}`).join(', ')})`,
      [chainId, ...chunk],
    )
    for (const r of rows) known.add(r.hash)
  }
  const fresh = signatures.filter((s) => !known.has(s))
  const txs = await mapLimit(fresh, 4, async (signature) => {
    const tx = await rpc.call(
      'getTransaction',
      [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }],
      TransactionAnswer,
    )
    if (!tx) throw new Error(`getTransaction ${signature}: not available yet`)
    return parseSolanaTransaction(tx)
  })
  if (signal.aborted) return
  const involved = await fencedTransaction(ctx.db, fence, async (db) => {
    const involved = await writeSolanaRows(db, chainId, txs)
    await db.query(
      `insert into solana_signature_cursors (chain_id, account, last_signature, updated_at) values ($1, $2, $3, now())
       on conflict (chain_id, account) do update set last_signature = excluded.last_signature, updated_at = now()`,
      [chainId, account, signatures[0]],
    )
    return involved
  })
  // Their cached balances and history pages (chain/balanceCache.ts, indexer/historyCache.ts).
  await ctx.balanceCache?.invalidate(chainId, involved)
  await ctx.historyCache?.invalidate(involved)
}

/** The same rows as EVM history: transactions (with the fee), transfers, and the accounts involved (returned). */
export async function writeSolanaRows(db: Queryable, chainId: string, txs: ParsedSolanaTransaction[]): Promise<Set<string>> {
  const rows = txs.map((tx) => ({ tx, time: tx.blockTime ?? Math.floor(Date.now() / 1000), index: signatureIndex(tx.signature) }))
  await insertMany(
    db,
    'chain_transactions (chain_id, hash, block_number, block_time, tx_index, from_address, to_address, status, fee)',
    rows.map(({ tx, time, index }) => [
      chainId,
      tx.signature,
      tx.slot.toString(),
      time,
      index,
      tx.feePayer,
      tx.transfers[0]?.to ?? null,
      tx.failed ? 'failed' : 'confirmed',
      tx.fee.toString(),
    ]),
    'on conflict do nothing',
  )
  await insertMany(
    db,
    'chain_transfers (chain_id, hash, block_number, log_index, kind, token, from_address, to_address, amount, token_id)',
    rows.flatMap(({ tx }) =>
      tx.transfers.map((t, i) => [chainId, tx.signature, tx.slot.toString(), i, t.kind, t.token, t.from, t.to, t.amount.toString(), null]),
    ),
    'on conflict do nothing',
  )
  await insertMany(
    db,
    'account_transactions (address, chain_id, hash, block_time, block_number, tx_index)',
    rows.flatMap(({ tx, time, index }) => {
      const involved = new Set([tx.feePayer, ...tx.transfers.flatMap((t) => [t.from, t.to])])
      involved.delete(MINT_SOURCE)
      return [...involved].map((address) => [address, chainId, tx.signature, time, tx.slot.toString(), index])
    }),
    'on conflict do nothing',
  )
  const accounts = new Set(rows.flatMap(({ tx }) => [tx.feePayer, ...tx.transfers.flatMap((t) => [t.from, t.to])]))
  accounts.delete(MINT_SOURCE)
  const mints = new Map(txs.flatMap((tx) => [...tx.decimals]))
  await insertMany(
    db,
    'token_metadata (chain_id, address, kind, name, symbol, decimals)',
    [...mints].map(([mint, decimals]) => [chainId, mint, 'spl', null, null, decimals]),
    'on conflict do nothing',
  )
  return accounts
}

/**
 * A transaction's place within its slot for paging: getSignaturesForAddress does not tell it, so a
 * stable 31-bit number from the signature orders transactions of one slot (keyset pages stay exact).
 */
export function signatureIndex(signature: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < signature.length; i++) hash = Math.imul(hash ^ signature.charCodeAt(i), 0x01000193) >>> 0
  return hash & 0x7fffffff
}

/** Once per leadership and chain: is the newest transaction recorded still on the chain? If not, the chain was reset. */
export async function checkChain(ctx: ServerContext, rpc: SolanaRpc, chainId: string, fence: Fence) {
  const [newest] = await ctx.db.query<{ last_signature: string }>(
    'select last_signature from solana_signature_cursors where chain_id = $1 order by updated_at desc limit 1',
    [chainId],
  )
  if (!newest) return
  const tx = await rpc.call(
    'getTransaction',
    [newest.last_signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }],
    z.unknown(),
  )
  if (tx !== null) return
  ctx.log(`indexer ${chainId}: transaction ${newest.last_signature} is gone (chain reset); re-indexing`)
  await fencedTransaction(ctx.db, fence, async (db) => {
    for (const table of ['account_transactions', 'chain_transfers', 'chain_transactions', 'solana_signature_cursors', 'token_metadata'])
      await db.query(`delete from ${table} where chain_id = $1`, [chainId])
  })
  await ctx.balanceCache?.clear(chainId)
  await ctx.historyCache?.clear()
}
