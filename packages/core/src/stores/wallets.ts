import { createStore } from 'zustand/vanilla'
import type { Message } from '../i18n/message.js'
import type { WalletListItem } from '../spec/walletList.js'

/** The wallet registry as AllWallets shows it: pages as they load, and search results. */
export interface WalletsState {
  wallets: WalletListItem[]
  count: number
  page: number
  loading: boolean
  error: Message | undefined
  search: { query: string; results: WalletListItem[]; loading: boolean }
}

export function createWalletsStore() {
  return createStore<WalletsState>(() => ({
    wallets: [],
    count: 0,
    page: 0,
    loading: false,
    error: undefined,
    search: { query: '', results: [], loading: false },
  }))
}
export type WalletsStore = ReturnType<typeof createWalletsStore>
