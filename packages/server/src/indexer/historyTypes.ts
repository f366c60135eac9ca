/** A page's transactions as the history route answers them (SPEC §7's transaction shape); the cache keeps them too. */
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
