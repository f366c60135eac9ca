import { createStore } from 'zustand/vanilla'
import type { View } from '../views.js'

/** Data a view is opened with (which connector, which network, …). */
export interface RouterData {
  connectorId?: string
  caipNetworkId?: string
  [key: string]: unknown
}

export interface TransactionStackEntry {
  onSuccess?: () => void
  onError?: (error?: unknown) => void
  onCancel?: () => void
  /** After success, replace the current view with this one instead of going back. */
  replaceWith?: View
}

export interface RouterState {
  view: View
  history: View[]
  data: RouterData | undefined
  transactionStack: TransactionStackEntry[]
}

export function createRouterStore() {
  return createStore<RouterState>(() => ({
    view: 'Connect',
    history: ['Connect'],
    data: undefined,
    transactionStack: [],
  }))
}
export type RouterStore = ReturnType<typeof createRouterStore>
