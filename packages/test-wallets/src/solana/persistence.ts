/**
 * Persisted state (localStorage is per origin, so per site): whether the user approved this site,
 * and the account they selected, so a reload behaves like an extension (silent connect succeeds).
 * Memory only when no key is given or localStorage is missing/blocked.
 */
export interface SolanaPersistedState {
  /** The user approved a connection from this site and did not disconnect it since. */
  approved?: boolean
  /** The selected dev account (custom keys are not persisted). */
  accountIndex?: number
}

export interface SolanaStateStore {
  load(): SolanaPersistedState
  save(state: SolanaPersistedState): void
}

export function createSolanaStore(storageKey: string | undefined): SolanaStateStore {
  let memory: SolanaPersistedState = {}
  const storage = storageKey ? localStorageOrUndefined() : undefined
  if (!storage || !storageKey) return { load: () => ({ ...memory }), save: (s) => void (memory = { ...s }) }
  return {
    load() {
      try {
        const parsed = JSON.parse(storage.getItem(storageKey) ?? '{}') as unknown
        return parsed && typeof parsed === 'object' ? (parsed as SolanaPersistedState) : {}
      } catch {
        return {}
      }
    },
    save: (state) => storage.setItem(storageKey, JSON.stringify(state)),
  }
}

function localStorageOrUndefined(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined // Opaque origins throw on access.
  }
}
