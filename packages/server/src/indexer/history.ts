import { isCaip2, type ChainNamespace } from '@portico/core/spec'
import { formatUnits } from 'viem'
import { configuredToken, solanaAssets } from '../chain/assets.js'
import { eip155Family } from '../chain/eip155.js'
import { familyOfChain, familyOfNamespace } from '../chain/families.js'
import { tokenIconUrl } from '../chain/icons.js'
import type { PriceSource } from '../chain/priceSource.js'
import { nftImageUrl, nftMetadata, tokenMetadata, type TokenMetadata } from '../chain/tokens.js'
import type { ServerContext } from '../context.js'
import type { HistoryTransaction, HistoryTransfer } from './historyTypes.js'
import { HttpError } from '../http/errors.js'

/** SPEC §3 'Transaction'. */
export type { HistoryTransaction, HistoryTransfer } from './historyTypes.js'

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
    if (!uint(time) || !uint(block) || !uint(tx) || typeof chain !== 'string' || !isCaip2(chain) || !familyOfChain(chain)) throw new Error('fields')
    return { time, chain, block, tx }
  } catch {
    throw new InvalidCursorError()
  }
}

/** A page row: the account's transaction, its chain_transactions columns and its transfers (JSON). */
interface PageRow {
  chain_id: string
  hash: string
  time_text: string
  block_text: string
  tx_index: number
  /** null when chain_transactions has no row (never listed). */
  status: 'confirmed' | 'failed' | null
  from_address: string
  to_address: string | null
  fee: string | null
  transfers: TransferRow[]
}

/** A transfer with what the cache tables hold about its token (token_metadata, nft_metadata; null when absent). */
interface TransferRow {
  log_index: number
  kind: 'native' | 'erc20' | 'erc721' | 'spl'
  token: string | null
  from_address: string
  to_address: string
  amount: string
  token_id: string | null
  /** token_metadata: usable as tokens.ts would use it (named, or a failure younger than its retry). */
  meta_ok: boolean | null
  meta_name: string | null
  meta_symbol: string | null
  meta_decimals: number | null
  /** nft_metadata: usable as tokens.ts would use it (read, or a failure younger than its retry). */
  nft_ok: boolean | null
  nft_name: string | null
  nft_image: string | null
}

/**
 * One page of an account's indexed transactions, newest first (keyset pagination on
 * block time, chain, block number and transaction index, so pages stay stable while new blocks
 * arrive). Transfers are those the account takes part in; a transaction the account only sent
 * (e.g. a mint to someone else) lists all its transfers as 'out' with operationType 'execute'.
 * The `namespace`'s family (eip155 when absent) says how addresses are stored and shown, where mints
 * come from and whether the fee is given.
 */
export async function readHistory(
  ctx: ServerContext,
  prices: PriceSource,
  query: { address: string; namespace?: ChainNamespace; chainId?: string; cursor?: string; limit: number },
): Promise<{ data: HistoryTransaction[]; next: string | null }> {
  const family = familyOfNamespace(query.namespace ?? eip155Family.namespace) ?? eip155Family
  const address = family.accountKey(query.address)
  const zero = family.history.mintSource
  const shown = (a: string) => family.shownAddress(a)
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
  // One query a page: the keyset page of account_transactions, each row's transaction, and its transfers in
  // log order with their cached token and NFT metadata (tokens.ts reads only what these rows lack).
  const rows = await ctx.db.query<PageRow>(
    `with page as (
       select chain_id, hash, block_time, block_number, tx_index from account_transactions where ${where}
       order by block_time desc, chain_id desc, block_number desc, tx_index desc
       limit $${params.length}
     )
     select p.chain_id, p.hash, p.block_time::text as time_text, p.block_number::text as block_text, p.tx_index,
       t.status, t.from_address, t.to_address, t.fee,
       (select coalesce(json_agg(json_build_object(
           'log_index', x.log_index, 'kind', x.kind, 'token', x.token, 'from_address', x.from_address, 'to_address', x.to_address,
           'amount', x.amount, 'token_id', x.token_id,
           'meta_ok', m.name is not null or m.fetched_at > now() - interval '5 minutes',
           'meta_name', m.name, 'meta_symbol', m.symbol, 'meta_decimals', m.decimals,
           'nft_ok', n.ok or n.fetched_at > now() - interval '5 minutes', 'nft_name', n.name, 'nft_image', n.image
         ) order by x.log_index), '[]'::json)
        from chain_transfers x
        left join token_metadata m on m.chain_id = x.chain_id and m.address = x.token
        left join nft_metadata n on n.chain_id = x.chain_id and n.contract = x.token and n.token_id = coalesce(x.token_id, '0') and x.kind = 'erc721'
        where x.chain_id = p.chain_id and x.hash = p.hash) as transfers
     from page p left join chain_transactions t on t.chain_id = p.chain_id and t.hash = p.hash
     order by p.block_time desc, p.chain_id desc, p.block_number desc, p.tx_index desc`,
    params,
  )
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  const next =
    rows.length > query.limit && last
      ? encodeCursor({ time: Number(last.time_text), chain: last.chain_id, block: Number(last.block_text), tx: Number(last.tx_index) })
      : null
  if (page.length === 0) return { data: [], next: null }

  const describeTransfer = transferDescriber(ctx, prices)
  const data = await Promise.all(
    page.map(async (row): Promise<HistoryTransaction | null> => {
      if (row.status === null) return null
      const all = row.transfers
      const involved = all.filter((t) => t.from_address === address || t.to_address === address)
      const listed = involved.length > 0 ? involved : all
      const first = listed[0]
      const native = family.history.showsFee ? family.assets(ctx.config, row.chain_id).native : undefined
      return {
        id: `${row.chain_id}:${row.hash}`,
        metadata: {
          minedAt: new Date(Number(row.time_text) * 1000).toISOString(),
          chain: row.chain_id,
          operationType: operationType(address, involved, zero),
          status: row.status,
          sentFrom: shown(row.from_address),
          sentTo: shown((involved.length > 0 && first ? first.to_address : row.to_address) ?? zero),
          hash: row.hash,
          ...(native && row.fee !== null ? { fee: { numeric: formatUnits(BigInt(row.fee), native.decimals), symbol: native.symbol } } : {}),
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
  // What the page's query found in token_metadata, where tokens.ts would use it (a configured token wins).
  const token = (chainId: string, t: TransferRow, kind: 'erc20' | 'erc721'): Promise<TokenMetadata> =>
    t.meta_ok && !configuredToken(ctx.config, chainId, t.token!)
      ? Promise.resolve({ name: t.meta_name, symbol: t.meta_symbol, decimals: t.meta_decimals })
      : tokenMetadata(ctx, chainId, t.token!, kind)
  return async (chainId: string, t: TransferRow, direction: 'in' | 'out'): Promise<HistoryTransfer> => {
    if (t.kind === 'erc721') {
      const tokenId = t.token_id ?? '0'
      const [meta, collection] = await Promise.all([
        once(`nft/${chainId}/${t.token}/${tokenId}`, () =>
          t.nft_ok ? Promise.resolve({ name: t.nft_name, image: t.nft_image }) : nftMetadata(ctx, chainId, t.token!, tokenId),
        ),
        once(`token/${chainId}/${t.token}`, () => token(chainId, t, 'erc721')),
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
        ? (familyOfChain(chainId) ?? eip155Family).assets(ctx.config, chainId).native
        : t.kind === 'spl'
          ? solanaMintMetadata(ctx, chainId, t.token!, t.meta_decimals)
          : await once(`token/${chainId}/${t.token}`, () => token(chainId, t, 'erc20'))
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

/** A mint's name, symbol and decimals: from config when configured, else the decimals the Solana indexer recorded (token_metadata). */
function solanaMintMetadata(ctx: ServerContext, chainId: string, mint: string, recorded: number | null) {
  const configured = solanaAssets(ctx.config, chainId).tokens.find((t) => t.address === mint)
  return configured ?? { name: null, symbol: null, decimals: recorded }
}
