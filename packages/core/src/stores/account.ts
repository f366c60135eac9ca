import { createStore } from 'zustand/vanilla'
import type { TokenBalance } from '../api/schemas.js'
import type { AccountType, CaipAddress, ChainNamespace } from '../spec/caip.js'
import type { NetworkStore } from './network.js'
import type { Message } from '../i18n/message.js'

/** SPEC §3 'Account state', one per namespace. */
export interface AccountState {
  caipAddress: CaipAddress | undefined
  address: string | undefined
  balance: string | undefined
  balanceSymbol: string | undefined
  balanceLoading: boolean
  /** Why the last balance fetch failed (its key and parameters). */
  balanceError: Message | undefined
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

/** The part of a Portico instance these selectors read (the instance itself; typed apart so this store needs no Portico import). */
interface WithAccount {
  readonly stores: { readonly account: AccountStore; readonly network: NetworkStore }
}

/** The account of `namespace` (the active chain family by default); the empty account when none. */
export function getAccount(portico: WithAccount, namespace?: ChainNamespace): AccountState {
  const ns = namespace ?? portico.stores.network.getState().activeNamespace
  return portico.stores.account.getState().byNamespace[ns] ?? emptyAccountState
}

export function isConnected(portico: WithAccount, namespace?: ChainNamespace): boolean {
  return Boolean(getAccount(portico, namespace).address)
}

/** Merges `patch` into the account of `namespace`, creating it from the empty account. */
export function setAccount(portico: WithAccount, namespace: ChainNamespace, patch: Partial<AccountState>) {
  const { byNamespace } = portico.stores.account.getState()
  portico.stores.account.setState({
    byNamespace: { ...byNamespace, [namespace]: { ...(byNamespace[namespace] ?? emptyAccountState), ...patch } },
  })
}
