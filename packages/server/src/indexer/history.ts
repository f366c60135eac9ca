import { isCaip2 } from '@portico/core/spec'
import { formatUnits, getAddress } from 'viem'
import { chainAssets, solanaAssets } from '../chain/assets.js'
import { tokenIconUrl } from '../chain/icons.js'
import type { PriceSource } from '../chain/prices.js'
import { nftImageUrl, nftMetadata, tokenMetadata } from '../chain/tokens.js'
import type { ServerContext } from '../context.js'
import { HttpError } from '../http/errors.js'
import { MINT_SOURCE } from '../solana/transfers.js'
import { ZERO_ADDRESS } from './store.js'

/** SPEC §3 'Transaction'. */
export interface HistoryTransaction {
  id: string
  metadata: {
    minedAt: string
    chain: string
    operationType: 'send' | 'receive' | 'mint' | 'burn' | 'trade' | 'execute'
    status: 'confirmed' | 'failed'
    sentFrom: string
    sentTo: string
    hash: string
    /** The network fee paid, in the native currency (recorded for Solana transactions). */
    fee?: { numeric: string; symbol: string }
  }
  transfers: HistoryTransfer[]
}

export interface HistoryTransfer {
  fungible_info?: { name: string; symbol: string; icon: { url: string } }
  nft_info?: { name: string; flags: { is_spam: boolean }; content?: { preview: { url: string } } }
  direction: 'in' | 'out'
  quantity: { numeric: string }
  value?: number
  price?: number
}

/** Position of a transaction in an account's history, newest first. */
interface PageKey {
  time: number
  chain: string
  block: number
  tx: number
}

export class InvalidCursorError extends HttpError {
  constructor() {
    super(400, 'Invalid cursor')
  }
}

/** Cursors are opaque to clients: base64url JSON of the last item's page key. */
export function encodeCursor(key: PageKey): string {
  return Buffer.from(JSON.stringify([key.time, key.chain, key.block, key.tx])).toString('base64url')
}

export function decodeCursor(cursor: string): PageKey {
  try {
    if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) throw new Error('charset')
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown
    if (!Array.isArray(value) || value.length !== 4) throw new Error('shape')
    const [time, chain, block, tx] = value as unknown[]
    const uint = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0
    if (!uint(time) || !uint(block) || !uint(tx) || typeof chain !== 'string' || !isCaip2(chain) || !/^(eip155|solana):/.test(chain)) throw new Error('fields')
    return { time, chain, block, tx }
  } catch {
    throw new InvalidCursorError()
  }
}

interface AccountTxRow {
  chain_id: string
  hash: string
  time_text: string
  block_text: string
  tx_index: number
}

interface TxRow {
  chain_id: string
  hash: string
  from_address: string
  to_address: string | null
  status: 'confirmed' | 'failed'
  fee: string | null
}

interface TransferRow {
  chain_id: string
  hash: string
  log_index: number
  kind: 'native' | 'erc20' | 'erc721' | 'spl'
  token: string | null
  from_address: string
  to_address: string
  amount: string
  token_id: string | null
}

/**
 * One page of an account's indexed transactions, newest first (keyset pagination on
 * block time, chain, block number and transaction index, so pages stay stable while new blocks
 * arrive). Transfers are those the account takes part in; a transaction the account only sent
 * (e.g. a mint to someone else) lists all its transfers as 'out' with operationType 'execute'.
 * `namespace` solana: addresses are base58 and compared as they are, mints come from the System
 * program's address (solana/transfers.ts), and the fee is given.
 */
export async function readHistory(
  ctx: ServerContext,
  prices: PriceSource,
  query: { address: string; namespace?: 'eip155' | 'solana'; chainId?: string; cursor?: string; limit: number },
): Promise<{ data: HistoryTransaction[]; next: string | null }> {
  const solana = query.namespace === 'solana'
  const address = solana ? query.address : query.address.toLowerCase()
  const zero = solana ? MINT_SOURCE : ZERO_ADDRESS
  const shown = (a: string) => (solana ? a : getAddress(a))
  const params: unknown[] = [address]
  let where = 'address = $1'
  if (query.chainId) {
    params.push(query.chainId)
    where += ` and chain_id = $${params.length}`
  }
  if (query.cursor) {
    const key = decodeCursor(query.cursor)
    params.push(key.time, key.chain, key.block, key.tx)
    const n = params.length
    where += ` and (block_time, chain_id, block_number, tx_index) < ($${n - 3}::bigint, $${n - 2}::text, $${n - 1}::bigint, $${n}::integer)`
  }
  params.push(query.limit + 1)
  const rows = await ctx.db.query<AccountTxRow>(
    // Aliases differ from the column names: ORDER BY must sort the bigint columns, not their text.
    `select chain_id, hash, block_time::text as time_text, block_number::text as block_text, tx_index
     from account_transactions where ${where}
     order by account_transactions.block_time desc, chain_id desc, account_transactions.block_number desc, tx_index desc
     limit $${params.length}`,
    params,
  )
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  const next =
    rows.length > query.limit && last
      ? encodeCursor({ time: Number(last.time_text), chain: last.chain_id, block: Number(last.block_text), tx: Number(last.tx_index) })
      : null
  if (page.length === 0) return { data: [], next: null }

  const keys = page.map((_, i) => `($${2 * i + 1}, $${2 * i + 2})`).join(', ')
  const keyParams = page.flatMap((r) => [r.chain_id, r.hash])
  const [txRows, transferRows] = await Promise.all([
    ctx.db.query<TxRow>(`select chain_id, hash, from_address, to_address, status, fee from chain_transactions where (chain_id, hash) in (${keys})`, keyParams),
    ctx.db.query<TransferRow>(
      `select chain_id, hash, log_index, kind, token, from_address, to_address, amount, token_id
       from chain_transfers where (chain_id, hash) in (${keys}) order by log_index`,
      keyParams,
    ),
  ])
  const txByKey = new Map(txRows.map((t) => [`${t.chain_id}/${t.hash}`, t]))
  const transfersByKey = new Map<string, TransferRow[]>()
  for (const t of transferRows) {
    const key = `${t.chain_id}/${t.hash}`
    transfersByKey.set(key, [...(transfersByKey.get(key) ?? []), t])
  }

  const describeTransfer = transferDescriber(ctx, prices)
  const data = await Promise.all(
    page.map(async (row): Promise<HistoryTransaction | null> => {
      const tx = txByKey.get(`${row.chain_id}/${row.hash}`)
      if (!tx) return null
      const all = transfersByKey.get(`${row.chain_id}/${row.hash}`) ?? []
      const involved = all.filter((t) => t.from_address === address || t.to_address === address)
      const listed = involved.length > 0 ? involved : all
      const first = listed[0]
      const native = solana ? solanaAssets(ctx.config, row.chain_id).native : undefined
      return {
        id: `${row.chain_id}:${row.hash}`,
        metadata: {
          minedAt: new Date(Number(row.time_text) * 1000).toISOString(),
          chain: row.chain_id,
          operationType: operationType(address, involved, zero),
          status: tx.status,
          sentFrom: shown(tx.from_address),
          sentTo: shown((involved.length > 0 && first ? first.to_address : tx.to_address) ?? zero),
          hash: row.hash,
          ...(native && tx.fee !== null ? { fee: { numeric: formatUnits(BigInt(tx.fee), native.decimals), symbol: native.symbol } } : {}),
        },
        transfers: await Promise.all(listed.map((t) => describeTransfer(row.chain_id, t, involved.length === 0 || t.from_address === address ? 'out' : 'in'))),
      }
    }),
  )
  return { data: data.filter((d): d is HistoryTransaction => d !== null), next }
}

function operationType(address: string, involved: TransferRow[], zero: string): HistoryTransaction['metadata']['operationType'] {
  if (involved.length === 0) return 'execute'
  if (involved.some((t) => t.from_address === zero && t.to_address === address)) return 'mint'
  if (involved.some((t) => t.from_address === address && t.to_address === zero)) return 'burn'
  const out = involved.some((t) => t.from_address === address && t.to_address !== address)
  const inn = involved.some((t) => t.to_address === address && t.from_address !== address)
  if (out && inn) return 'trade'
  return inn ? 'receive' : 'send'
}

/** Builds fungible_info / nft_info for transfers, memoizing metadata and prices within one page. */
function transferDescriber(ctx: ServerContext, prices: PriceSource) {
  const memo = new Map<string, Promise<unknown>>()
  const once = <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    if (!memo.has(key)) memo.set(key, fn())
    return memo.get(key) as Promise<T>
  }
  const publicUrl = ctx.config.publicUrl
  return async (chainId: string, t: TransferRow, direction: 'in' | 'out'): Promise<HistoryTransfer> => {
    if (t.kind === 'erc721') {
      const tokenId = t.token_id ?? '0'
      const [meta, collection] = await Promise.all([
        once(`nft/${chainId}/${t.token}/${tokenId}`, () => nftMetadata(ctx, chainId, t.token!, tokenId)),
        once(`token/${chainId}/${t.token}`, () => tokenMetadata(ctx, chainId, t.token!, 'erc721')),
      ])
      return {
        nft_info: {
          name: meta.name ?? `${collection.name ?? 'NFT'} #${tokenId}`,
          flags: { is_spam: false },
          ...(meta.image ? { content: { preview: { url: nftImageUrl(publicUrl, { chainId, contract: t.token!, tokenId, image: meta.image })! } } } : {}),
        },
        direction,
        quantity: { numeric: '1' },
      }
    }
    const meta =
      t.kind === 'native'
        ? chainId.startsWith('solana:')
          ? solanaAssets(ctx.config, chainId).native
          : chainAssets(ctx.config, chainId).native
        : t.kind === 'spl'
          ? await once(`token/${chainId}/${t.token}`, () => solanaMintMetadata(ctx, chainId, t.token!))
          : await once(`token/${chainId}/${t.token}`, () => tokenMetadata(ctx, chainId, t.token!, 'erc20'))
    const symbol = meta.symbol ?? 'UNKNOWN'
    const numeric = meta.decimals === null ? t.amount : formatUnits(BigInt(t.amount), meta.decimals)
    const price =
      meta.decimals === null
        ? undefined
        : await once(`price/${chainId}/${t.token}`, () => prices.price({ chainId, address: t.token ?? undefined, symbol }, 'usd'))
    return {
      fungible_info: { name: meta.name ?? 'Unknown Token', symbol, icon: { url: tokenIconUrl(publicUrl, symbol) } },
      direction,
      quantity: { numeric },
      ...(price !== undefined ? { value: Number(numeric) * price, price } : {}),
    }
  }
}

/** A mint's name, symbol and decimals: from config when configured, else the decimals the Solana indexer recorded. */
async function solanaMintMetadata(ctx: ServerContext, chainId: string, mint: string) {
  const configured = solanaAssets(ctx.config, chainId).tokens.find((t) => t.address === mint)
  if (configured) return configured
  const [row] = await ctx.db.query<{ decimals: number | null }>('select decimals from token_metadata where chain_id = $1 and address = $2', [chainId, mint])
  return { name: null, symbol: null, decimals: row?.decimals ?? null }
}
