import { createStore } from 'zustand/vanilla'
import type { Message } from '../i18n/message.js'

export interface SiwxState {
  status: 'idle' | 'checking' | 'signing' | 'signed' | 'error'
  /** Why sign-in or DataCapture stopped: a key and parameters (`t(key, params)`), never a sentence. Until issue 29 its English. */
  error: Message | undefined
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
