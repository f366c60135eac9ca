import { createStore } from 'zustand/vanilla'

export interface ModalState {
  open: boolean
  loading: boolean
  /** Rendered inline in the host page instead of as an overlay (SPEC §2 'embedded mode'). */
  embedded: boolean
  /** Incremented to trigger the 500 ms shake (SPEC §2). */
  shakeCount: number
  /** SPEC §6 legal checkbox: the visitor ticked it (kept for this page only). */
  legalAccepted: boolean
}

export function createModalStore(embedded = false) {
  return createStore<ModalState>(() => ({ open: embedded, loading: false, embedded, shakeCount: 0, legalAccepted: false }))
}
export type ModalStore = ReturnType<typeof createModalStore>
