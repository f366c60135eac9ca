import type { ChainNamespace } from '../spec/caip.js'
import type { Portico } from '../portico.js'
import { watchedAccount, type WatchedAccount } from '../selectors/accountSelectors.js'

export type { WatchedAccount } from '../selectors/accountSelectors.js'

export interface ReadAccountParameters {
  /** The chain family; eip155 by default. */
  namespace?: ChainNamespace | undefined
}
export type ReadAccountReturnType = WatchedAccount
export type ReadAccountErrorType = never

/** The account of one namespace as a host sees it. */
export function readAccount(portico: Portico, parameters?: ReadAccountParameters): ReadAccountReturnType
/** @deprecated use `readAccount(portico, { namespace })` */
export function readAccount(portico: Portico, namespace: ChainNamespace): ReadAccountReturnType
export function readAccount(portico: Portico, parameters: ReadAccountParameters | ChainNamespace = {}): ReadAccountReturnType {
  return watchedAccount(portico, typeof parameters === 'string' ? parameters : parameters.namespace)
}
