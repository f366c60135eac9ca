import { createStore } from 'zustand/vanilla'

export interface SiwxState {
  status: 'idle' | 'checking' | 'signing' | 'signed' | 'error'
  error: string | undefined
  /** Whether the active account has a session on the active network. */
  hasSession: boolean
  /** Networks the account has signed in on, newest last (cancel goes back to the last one). */
  signedNetworks: string[]
  /** The email given on DataCapture; it goes into the next sign-in message as a mailto: resource. */
  email: string | undefined
}

export function createSiwxStore() {
  return createStore<SiwxState>(() => ({ status: 'idle', error: undefined, hasSession: false, signedNetworks: [], email: undefined }))
}
export type SiwxStore = ReturnType<typeof createSiwxStore>
