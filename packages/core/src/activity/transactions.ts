import type { Transaction } from '../api/schemas.js'
import { shortenAddress, truncateDecimals } from '../utils/format.js'

/** SPEC §5 'Display and filtering': transactions whose transfers are all spam NFTs are dropped. */
export function isSpamOnly(transaction: Transaction): boolean {
  return transaction.transfers.length > 0 && transaction.transfers.every((t) => t.nft_info?.flags.is_spam === true)
}

/** SPEC §5: kept only for the active network, spam-only ones dropped. */
export function filterTransactions(transactions: readonly Transaction[], caipNetworkId: string): Transaction[] {
  return transactions.filter((t) => t.metadata.chain === caipNetworkId && !isSpamOnly(t))
}

/** SPEC §5: a token quantity in history shows 3 decimals. */
export function formatHistoryQuantity(numeric: string): string {
  return truncateDecimals(numeric, 3)
}

export interface TransactionRow {
  id: string
  direction: 'in' | 'out'
  label: string
  /** '1.500 USDC'; for an NFT, its name. For a swap ('trade'), what went out. */
  amount: string
  /** A swap's other side, what came in ('1,488.000 USDC'), when the history lists it. */
  received?: string
  image: string | undefined
  isNft: boolean
  counterparty: string
  minedAt: Date
  failed: boolean
  /** The network fee paid, exact ('0.00000141 BTC'), when the server's item carries it. */
  fee?: string
}

const OPERATION_LABELS: Record<string, string> = { mint: 'Minted', burn: 'Burned', trade: 'Swapped', execute: 'Executed' }

/** What one row of the Activity tab shows for a transaction, seen from `address`. */
export function describeTransaction(transaction: Transaction, address: string): TransactionRow {
  const { metadata } = transaction
  const kept = transaction.transfers.filter((t) => !t.nft_info?.flags.is_spam)
  const trade = metadata.operationType === 'trade'
  // A swap is told by what went out, then what came in.
  const transfer = (trade ? kept.find((t) => t.direction === 'out') : undefined) ?? kept[0] ?? transaction.transfers[0]
  const incoming = trade ? kept.find((t) => t.direction === 'in' && !t.nft_info) : undefined
  const outgoing = transfer?.direction ? transfer.direction === 'out' : metadata.sentFrom.toLowerCase() === address.toLowerCase()
  const direction = outgoing ? 'out' : 'in'
  const nft = transfer?.nft_info
  const amount = nft ? nft.name : transfer ? `${formatHistoryQuantity(transfer.quantity.numeric)} ${transfer.fungible_info?.symbol ?? ''}`.trim() : ''
  return {
    id: transaction.id,
    direction,
    label: OPERATION_LABELS[metadata.operationType] ?? (outgoing ? 'Sent' : 'Received'),
    amount,
    ...(incoming ? { received: `${formatHistoryQuantity(incoming.quantity.numeric)} ${incoming.fungible_info?.symbol ?? ''}`.trim() } : {}),
    image: nft ? nft.content?.preview.url : transfer?.fungible_info?.icon?.url,
    isNft: Boolean(nft),
    counterparty: shortenAddress(outgoing ? metadata.sentTo : metadata.sentFrom),
    minedAt: new Date(metadata.minedAt),
    failed: metadata.status === 'failed',
    // Exact, not to SPEC §5's 3 history decimals: a Bitcoin or Solana fee is far below 0.001. Only on what the
    // account sent: a receive's fee was the sender's to pay.
    ...(metadata.fee && outgoing ? { fee: `${metadata.fee.numeric} ${metadata.fee.symbol}` } : {}),
  }
}

export interface TransactionGroup {
  /** 'Today', 'Yesterday', then the date ('Mar 3, 2026'). */
  label: string
  transactions: Transaction[]
}

/** The Activity tab groups by local calendar day, newest first as the server pages them. */
export function groupTransactionsByDate(transactions: readonly Transaction[], now: number, locale = 'en-US'): TransactionGroup[] {
  const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`
  const today = new Date(now)
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1)
  const groups: TransactionGroup[] = []
  const byKey = new Map<string, TransactionGroup>()
  for (const transaction of transactions) {
    const mined = new Date(transaction.metadata.minedAt)
    const key = dayKey(mined)
    let group = byKey.get(key)
    if (!group) {
      const label =
        key === dayKey(today)
          ? 'Today'
          : key === dayKey(yesterday)
            ? 'Yesterday'
            : mined.toLocaleDateString(locale, { month: 'short', day: 'numeric', year: 'numeric' })
      group = { label, transactions: [] }
      byKey.set(key, group)
      groups.push(group)
    }
    group.transactions.push(transaction)
  }
  return groups
}
