import type { Portico } from '../portico.js'
import { replace } from '../router.js'
import type { TransactionStackEntry } from '../stores/router.js'
import { goBack } from './goBack.js'

/** SPEC §2: the transaction stack holds success, error and cancel callbacks. */
export function pushTransactionStack(portico: Portico, entry: TransactionStackEntry) {
  const { router } = portico.stores
  router.setState({ transactionStack: [...router.getState().transactionStack, entry] })
}

/**
 * SPEC §2: on error or cancel, the callback runs and then the modal goes back. On success the
 * callback runs and the entry's `replaceWith` view (if any) replaces the current one.
 */
export function popTransactionStack(portico: Portico, outcome: 'success' | 'error' | 'cancel', error?: unknown) {
  const { router } = portico.stores
  const stack = router.getState().transactionStack
  const entry = stack.at(-1)
  if (!entry) return
  router.setState({ transactionStack: stack.slice(0, -1) })
  if (outcome === 'success') {
    entry.onSuccess?.()
    if (entry.replaceWith) replace(router, entry.replaceWith)
    return
  }
  if (outcome === 'error') entry.onError?.(error)
  else entry.onCancel?.()
  goBack(portico)
}
