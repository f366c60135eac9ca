import { createStore } from 'zustand/vanilla'
import type { TokenBalance } from '../api/schemas.js'
import type { AccountType, CaipAddress, ChainNamespace } from '../spec/caip.js'

/** SPEC §3 'Account state', one per namespace. */
export interface AccountState {
  caipAddress: CaipAddress | undefined
  address: string | undefined
  balance: string | undefined
  balanceSymbol: string | undefined
  balanceLoading: boolean
  balanceError: string | undefined
  /** When the last balance fetch failed; a retry is blocked for 30 s after it (SPEC §8). */
  balanceFailedAt: number | undefined
  profileName: string | undefined
  profileImage: string | undefined
  /** SPEC §3 'Token balance', native first as the server gives it; decimals-0 tokens dropped. */
  tokenBalance: TokenBalance[] | undefined
  status: 'connected' | 'disconnected' | 'connecting' | 'reconnecting'
  preferredAccountType: AccountType | undefined
}

export const emptyAccountState: AccountState = {
  caipAddress: undefined,
  address: undefined,
  balance: undefined,
  balanceSymbol: undefined,
  balanceLoading: false,
  balanceError: undefined,
  balanceFailedAt: undefined,
  profileName: undefined,
  profileImage: undefined,
  tokenBalance: undefined,
  status: 'disconnected',
  preferredAccountType: undefined,
}

export type AccountsState = { byNamespace: Partial<Record<ChainNamespace, AccountState>> }

export function createAccountStore() {
  return createStore<AccountsState>(() => ({ byNamespace: {} }))
}
export type AccountStore = ReturnType<typeof createAccountStore>
