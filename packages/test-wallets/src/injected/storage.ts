/**
 * Persisted wallet state (per origin, via localStorage) so a reload behaves like
 * a real extension: still connected if it was, on the same chain, with added chains.
 * Falls back to memory when localStorage is missing (node) or blocked (opaque origins).
 */
import type { TestWalletChain } from './types'

export interface PersistedState {
  /** Address the user connected; eth_accounts is empty unless it matches the wallet's account. */
  authorizedAddress?: string
  permissionDate?: number
  chainId?: number
  /** Chains added at runtime via wallet_addEthereumChain. */
  addedChains?: TestWalletChain[]
}

export interface StateStore {
  load(): PersistedState
  save(state: PersistedState): void
}

export function createStore(storageKey: string | undefined): StateStore {
  let memory: PersistedState = {}
  const storage = storageKey ? getLocalStorage() : undefined
  if (!storage || !storageKey) {
    return { load: () => ({ ...memory }), save: (s) => void (memory = { ...s }) }
  }
  return {
    load() {
      try {
        return JSON.parse(storage.getItem(storageKey) ?? '{}') as PersistedState
      } catch {
        return {}
      }
    },
    save(state) {
      storage.setItem(storageKey, JSON.stringify(state))
    },
  }
}

function getLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined // Accessing localStorage throws on opaque origins.
  }
}
