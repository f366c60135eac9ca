import { toHex, type Hash, type PublicClient } from 'viem'
import type { ServerContext } from '../context.js'
import { reconcileSponsorships, type SettledOperation } from '../smartAccounts/budget.js'
import { mapLimit } from './async.js'
import { fencedTransaction, type Fence } from './fence.js'
import type { IndexerOptions } from './options.js'
import { handleReorg, recordBlocks } from './reorg.js'
import { writeRows, type Cursor, type TransferRow, type TxRow } from './store.js'
import { settledOperation, USER_OPERATION_EVENT_TOPIC, userOpNativeTransfers, type UserOpLog } from './userOps.js'

/*
 * One step of the EVM indexer (indexer.ts) on a chain: its next blocks read (native value transfers with their
 * receipts' status, ERC20/ERC721 Transfer logs, ERC-4337 operations) and written with the cursor in one
 * fenced transaction.
 */

/** keccak256('Transfer(address,address,uint256)'): ERC20 (3 topics) and ERC721 (4 topics). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/** Thrown inside a step when the chain changed under us mid-fetch: the step is retried. */
export class RetryStep extends Error {}

/** One step of a chain (the leader's): the blocks after the cursor, up to batchBlocks, read and written under `fence`; or a reorg rolled back. */
export async function step(
  ctx: ServerContext,
  opts: IndexerOptions,
  chainId: string,
  client: PublicClient,
  cursor: Cursor | null,
  signal: AbortSignal,
  fence: Fence,
): Promise<{ cursor: Cursor | null; more: boolean; head: bigint }> {
  const chainHead = await client.getBlockNumber({ cacheTime: 0 })
  if (cursor && chainHead < cursor.number) {
    const ancestor = await handleReorg(ctx, client, chainId, `head ${chainHead} is behind the indexed block ${cursor.number}`, opts.reorgDepth, fence)
    return { cursor: ancestor, more: true, head: chainHead }
  }
  // Blocks within the confirmation depth wait; a reorg above them is rolled back anyway.
  const head = chainHead - BigInt(opts.confirmations)
  const from = cursor ? cursor.number + 1n : bigMax(0n, head - BigInt(opts.backfillBlocks))
  if (from > head) {
    // Caught up: a block replaced at the cursor's height (a reorg of the same length) shows only here.
    if (cursor && head === cursor.number) {
      const tip = await client.getBlock({ blockNumber: head })
      if (tip.hash!.toLowerCase() !== cursor.hash.toLowerCase())
        return { cursor: await handleReorg(ctx, client, chainId, `block ${head} was replaced`, opts.reorgDepth, fence), more: true, head: chainHead }
    }
    return { cursor, more: false, head: chainHead }
  }
  const to = bigMin(head, from + BigInt(Math.max(1, opts.batchBlocks)) - 1n)

  const numbers: bigint[] = []
  for (let n = from; n <= to; n++) numbers.push(n)
  const blocks = await mapLimit(numbers, 4, (blockNumber) => client.getBlock({ blockNumber, includeTransactions: true }))

  let previous = cursor?.hash
  for (const [i, block] of blocks.entries()) {
    if (previous && block.parentHash.toLowerCase() !== previous.toLowerCase()) {
      if (i === 0) {
        const reason = `block ${block.number} does not build on the indexed block ${cursor!.number}`
        return { cursor: await handleReorg(ctx, client, chainId, reason, opts.reorgDepth, fence), more: true, head: chainHead }
      }
      throw new RetryStep('reorg while fetching')
    }
    previous = block.hash!
  }

  const logs = (await client.request({
    method: 'eth_getLogs',
    params: [{ fromBlock: toHex(from), toBlock: toHex(to), topics: [[TRANSFER_TOPIC, USER_OPERATION_EVENT_TOPIC]] }],
  })) as { blockNumber: Hash; blockHash: Hash; transactionHash: Hash; logIndex: Hash; topics: Hash[]; data: Hash; address: Hash; removed?: boolean }[]

  const blockByNumber = new Map(blocks.map((b) => [b.number!, b]))
  const txs = new Map<string, TxRow>()
  const transfers: TransferRow[] = []
  const blockTxs = new Map<string, { block: (typeof blocks)[number]; tx: Exclude<(typeof blocks)[number]['transactions'][number], string> }>()
  for (const block of blocks) for (const tx of block.transactions) if (typeof tx !== 'string') blockTxs.set(tx.hash.toLowerCase(), { block, tx })
  const txRow = (hash: string, status: TxRow['status']): TxRow | undefined => {
    const existing = txs.get(hash)
    if (existing) return existing
    const found = blockTxs.get(hash)
    if (!found) return undefined
    const row: TxRow = {
      hash,
      blockNumber: Number(found.block.number),
      blockTime: Number(found.block.timestamp),
      txIndex: found.tx.transactionIndex ?? 0,
      from: found.tx.from.toLowerCase(),
      to: found.tx.to?.toLowerCase() ?? null,
      status,
    }
    txs.set(hash, row)
    return row
  }

  // Native value transfers, with the receipt's status (a reverted transaction moved nothing, but is listed as failed).
  const valueTxs = blocks.flatMap((b) => b.transactions.filter((t) => typeof t !== 'string' && t.value > 0n && t.to))
  const statuses = await mapLimit(valueTxs, 6, async (tx) => {
    if (typeof tx === 'string') return 'confirmed' as const
    const receipt = await client.getTransactionReceipt({ hash: tx.hash })
    return receipt.status === 'success' ? ('confirmed' as const) : ('failed' as const)
  })
  for (const [i, tx] of valueTxs.entries()) {
    if (typeof tx === 'string') continue
    const row = txRow(tx.hash.toLowerCase(), statuses[i]!)!
    transfers.push({
      hash: row.hash,
      blockNumber: row.blockNumber,
      logIndex: -1,
      kind: 'native',
      token: null,
      from: row.from,
      to: tx.to!.toLowerCase(),
      amount: tx.value.toString(),
      tokenId: null,
    })
  }

  const userOps = new Map<string, UserOpLog[]>()
  for (const log of logs) {
    if (log.removed) continue
    const block = blockByNumber.get(BigInt(log.blockNumber))
    if (!block || block.hash!.toLowerCase() !== log.blockHash.toLowerCase()) throw new RetryStep('logs from another fork')
    if (log.topics[0]?.toLowerCase() === USER_OPERATION_EVENT_TOPIC) {
      const hash = log.transactionHash.toLowerCase()
      userOps.set(hash, [...(userOps.get(hash) ?? []), { topics: log.topics, data: log.data, logIndex: Number(BigInt(log.logIndex)) }])
      continue
    }
    const parsed = parseTransferLog(log.topics, log.data)
    if (!parsed) continue
    const row = txRow(log.transactionHash.toLowerCase(), 'confirmed') // logs only exist in successful transactions
    if (!row) continue
    transfers.push({ hash: row.hash, blockNumber: row.blockNumber, logIndex: Number(BigInt(log.logIndex)), token: log.address.toLowerCase(), ...parsed })
  }

  // Native sends of smart accounts (ERC-4337): inner calls of the bundler's transaction (userOps.ts).
  const settled = [...userOps.values()].flat().flatMap(settledOperation)
  for (const [hash, opLogs] of userOps) {
    const tx = blockTxs.get(hash)?.tx
    const row = txRow(hash, 'confirmed')
    if (tx && row) transfers.push(...userOpNativeTransfers({ hash, blockNumber: row.blockNumber, input: tx.input }, opLogs))
  }

  if (signal.aborted) return { cursor, more: false, head: chainHead }
  const hashes = blocks.map((b) => ({ number: b.number!, hash: b.hash!.toLowerCase() }))
  // Whose balances changed: every sender (gas, value) and both ends of every transfer.
  const touched = new Set([...blockTxs.values()].map(({ tx }) => tx.from.toLowerCase()))
  for (const t of transfers) touched.add(t.from).add(t.to)
  await commitStep(ctx, fence, { txs: [...txs.values()], transfers, blocks: hashes, reorgDepth: opts.reorgDepth, touched, settled })
  return { cursor: hashes.at(-1)!, more: to < head, head: chainHead }
}

/**
 * One step's write, in one transaction under the leadership's fence: the rows, the block hashes
 * and the cursor (the last block) land together, or nothing does (FencedError when stale). Then
 * the cached balances of the addresses it touched are dropped (chain/balanceCache.ts), and their cached history pages.
 */
export async function commitStep(
  ctx: ServerContext,
  fence: Fence,
  step: { txs: TxRow[]; transfers: TransferRow[]; blocks: Cursor[]; reorgDepth: number; touched?: Iterable<string>; settled?: SettledOperation[] },
) {
  const next = step.blocks.at(-1)!
  await fencedTransaction(ctx.db, fence, async (db) => {
    await writeRows(db, fence.chainId, step.txs, step.transfers)
    // What sponsored operations really cost the paymaster: their budgets count that from now on.
    if (step.settled?.length) await reconcileSponsorships(db, fence.chainId, step.settled)
    await recordBlocks(db, fence.chainId, step.blocks, step.reorgDepth)
    await db.query(
      `insert into chain_cursors (chain_id, block_number, block_hash, updated_at) values ($1, $2, $3, now())
       on conflict (chain_id) do update set block_number = excluded.block_number, block_hash = excluded.block_hash, updated_at = now()`,
      [fence.chainId, next.number.toString(), next.hash],
    )
  })
  if (step.touched) await ctx.balanceCache?.invalidate(fence.chainId, step.touched)
  // History pages: every account a row was written for (indexer/historyCache.ts).
  const involved = new Set(step.txs.map((t) => t.from))
  for (const t of step.transfers) involved.add(t.from).add(t.to)
  await ctx.historyCache?.invalidate(involved)
}

/** ERC20: 3 topics and a 32-byte amount; ERC721: 4 topics (the token id indexed) and no data. */
export function parseTransferLog(topics: string[], data: string): Pick<TransferRow, 'kind' | 'from' | 'to' | 'amount' | 'tokenId'> | null {
  if (topics[0]?.toLowerCase() !== TRANSFER_TOPIC) return null
  const address = (topic: string | undefined) => (topic && /^0x[0-9a-fA-F]{64}$/.test(topic) ? `0x${topic.slice(26).toLowerCase()}` : null)
  const from = address(topics[1])
  const to = address(topics[2])
  if (!from || !to) return null
  if (topics.length === 3 && /^0x[0-9a-fA-F]{64}$/.test(data)) return { kind: 'erc20', from, to, amount: BigInt(data).toString(), tokenId: null }
  if (topics.length === 4 && (data === '0x' || data === '') && /^0x[0-9a-fA-F]{64}$/.test(topics[3]!))
    return { kind: 'erc721', from, to, amount: '1', tokenId: BigInt(topics[3]!).toString() }
  return null
}

const bigMax = (a: bigint, b: bigint) => (a > b ? a : b)
const bigMin = (a: bigint, b: bigint) => (a < b ? a : b)
