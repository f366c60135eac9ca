import { createStore } from 'zustand/vanilla'
import type { Message } from '../i18n/message.js'

/** RegisterAccountName: what the user typed, the suggestions for it, and the registration. */
export interface NamesState {
  input: string
  suggestions: Array<{ name: string; registered: boolean }>
  suggestionsLoading: boolean
  loading: boolean
  /** The last problem (an invalid label, the server's refusal in its own words as 'error.external'): a key and parameters. */
  error: Message | undefined
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
