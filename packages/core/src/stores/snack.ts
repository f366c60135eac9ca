import { createStore } from 'zustand/vanilla'
import type { Message } from '../i18n/message.js'

/** SPEC §3 'Snack message'. `message`: its key and parameters (the modal shows it in the user's language). */
export interface SnackState {
  message: Message | undefined
  variant: 'success' | 'error' | 'loading'
  svg?: string
  open: boolean
  autoClose: boolean
}

export function createSnackStore() {
  return createStore<SnackState>(() => ({ message: undefined, variant: 'success', open: false, autoClose: true }))
}
export type SnackStore = ReturnType<typeof createSnackStore>
