import { createStore } from 'zustand/vanilla'

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
