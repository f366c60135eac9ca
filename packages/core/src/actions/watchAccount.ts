import type { ChainNamespace } from '../spec/caip.js'
import type { Portico } from '../portico.js'
import { readAccount, type WatchedAccount } from './readAccount.js'

export interface WatchAccountParameters {
  /** Called with the account and the one before it whenever it changes. */
  onChange(account: WatchedAccount, previous: WatchedAccount): void
  /** The chain family to follow; eip155 by default. */
  namespace?: ChainNamespace
}
export type WatchAccountReturnType = () => void
export type WatchAccountErrorType = never

/**
 * Calls `onChange(account, previous)` whenever the account of a namespace changes (connect,
 * account or chain switch, disconnect), for host code without React. Returns the unsubscribe.
 */
export function watchAccount(portico: Portico, parameters: WatchAccountParameters): WatchAccountReturnType
/** @deprecated use `watchAccount(portico, { onChange, namespace })` */
export function watchAccount(
  portico: Portico,
  onChange: WatchAccountParameters['onChange'],
  options?: Pick<WatchAccountParameters, 'namespace'>,
): WatchAccountReturnType
export function watchAccount(
  portico: Portico,
  parameters: WatchAccountParameters | WatchAccountParameters['onChange'],
  options?: Pick<WatchAccountParameters, 'namespace'>,
): WatchAccountReturnType {
  const { onChange, namespace } = typeof parameters === 'function' ? { ...options, onChange: parameters } : parameters
  return portico.subscribe((p) => readAccount(p, { namespace }), onChange, { equalityFn: sameAccount })
}

function sameAccount(a: WatchedAccount, b: WatchedAccount) {
  return (
    a.address === b.address &&
    a.caipAddress === b.caipAddress &&
    a.status === b.status &&
    a.connectorId === b.connectorId &&
    a.addresses.join() === b.addresses.join()
  )
}
