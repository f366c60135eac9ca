import { createStore } from 'zustand/vanilla'
import type { Portico } from '../portico.js'
import { toFullName } from '../spec/names.js'
import { getAccount } from './account.js'

/** RegisterAccountName: what the user typed, the suggestions for it, and the registration. */
export interface NamesState {
  input: string
  suggestions: Array<{ name: string; registered: boolean }>
  suggestionsLoading: boolean
  loading: boolean
  error: string | undefined
  registeredName: string | undefined
}

export function createNamesStore() {
  return createStore<NamesState>(() => ({
    input: '',
    suggestions: [],
    suggestionsLoading: false,
    loading: false,
    error: undefined,
    registeredName: undefined,
  }))
}
export type NamesStore = ReturnType<typeof createNamesStore>

/** The full name for a label with the host's name suffix (SPEC §9). */
export function fullName(portico: Portico, label: string): string {
  return toFullName(label, portico.options.nameSuffix)
}

/**
 * Whether to offer RegisterAccountName from Account: SPEC §1 'Names support eip155 only', a name
 * service (the server) is configured, and the connected account has no name yet.
 */
export function canRegisterName(portico: Portico): boolean {
  const { caipNetwork } = portico.stores.network.getState()
  if (!portico.api || caipNetwork?.chainNamespace !== 'eip155') return false
  const { address, profileName } = getAccount(portico, 'eip155')
  return Boolean(address) && !profileName
}
