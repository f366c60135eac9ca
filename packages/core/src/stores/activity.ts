import { createStore } from 'zustand/vanilla'
import type { Message } from '../i18n/message.js'
import type { Nft, Transaction } from '../api/schemas.js'

/** SPEC §4 'Transactions list': the pages fetched so far for one account on one network. */
export interface TransactionsState {
  /** `${caipNetworkId}:${address}` the list belongs to; another account or network starts over. */
  owner: string | undefined
  transactions: Transaction[]
  /** The cursor of the next page; null when the last page was read. */
  next: string | null | undefined
  loading: boolean
  error: Message | undefined
  /** Set on failure (SPEC §4: 'marks the list empty') and when the account has no transactions. */
  empty: boolean
}

export const initialTransactionsState: TransactionsState = {
  owner: undefined,
  transactions: [],
  next: undefined,
  loading: false,
  error: undefined,
  empty: false,
}

export function createTransactionsStore() {
  return createStore<TransactionsState>(() => initialTransactionsState)
}
export type TransactionsStore = ReturnType<typeof createTransactionsStore>

/** The ERC721s the active account holds on the active network. */
export interface NftsState {
  owner: string | undefined
  nfts: Nft[]
  loading: boolean
  error: Message | undefined
}

export const initialNftsState: NftsState = { owner: undefined, nfts: [], loading: false, error: undefined }

export function createNftsStore() {
  return createStore<NftsState>(() => initialNftsState)
}
export type NftsStore = ReturnType<typeof createNftsStore>
