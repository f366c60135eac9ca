import type { Portico } from '../portico.js'
import type { TransactionStackEntry } from '../stores/router.js'

export type PushTransactionStackParameters = TransactionStackEntry
export type PushTransactionStackReturnType = void
export type PushTransactionStackErrorType = never

/** SPEC §2: the transaction stack holds success, error and cancel callbacks. */
export function pushTransactionStack(portico: Portico, entry: PushTransactionStackParameters): PushTransactionStackReturnType {
  const { router } = portico.stores
  router.setState({ transactionStack: [...router.getState().transactionStack, entry] })
}
