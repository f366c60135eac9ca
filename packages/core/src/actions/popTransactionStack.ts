import type { Portico } from '../portico.js'
import { replace } from '../router.js'
import { goBack } from './goBack.js'

export interface PopTransactionStackParameters {
  outcome: 'success' | 'error' | 'cancel'
  /** What failed, handed to the entry's onError. */
  error?: unknown
}
export type PopTransactionStackReturnType = void
export type PopTransactionStackErrorType = never

/**
 * SPEC §2: on error or cancel, the callback runs and then the modal goes back. On success the
 * callback runs and the entry's `replaceWith` view (if any) replaces the current one.
 */
export function popTransactionStack(portico: Portico, parameters: PopTransactionStackParameters): PopTransactionStackReturnType
/** @deprecated use `popTransactionStack(portico, { outcome, error })` */
export function popTransactionStack(portico: Portico, outcome: PopTransactionStackParameters['outcome'], error?: unknown): PopTransactionStackReturnType
export function popTransactionStack(
  portico: Portico,
  parameters: PopTransactionStackParameters | PopTransactionStackParameters['outcome'],
  failure?: unknown,
): PopTransactionStackReturnType {
  const { outcome, error } = typeof parameters === 'object' ? parameters : { outcome: parameters, error: failure }
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
