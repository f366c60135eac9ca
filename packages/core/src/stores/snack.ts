import { createStore } from 'zustand/vanilla'

/** SPEC §3 'Snack message'. */
export interface SnackState {
  message: string
  variant: 'success' | 'error' | 'loading'
  svg?: string
  open: boolean
  autoClose: boolean
}

export function createSnackStore() {
  return createStore<SnackState>(() => ({ message: '', variant: 'success', open: false, autoClose: true }))
}
export type SnackStore = ReturnType<typeof createSnackStore>
