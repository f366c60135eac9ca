import type { Portico } from '../portico.js'
import { isConnected } from '../stores/account.js'

export type IsUnsupportedChainBlockedReturnType = boolean
export type IsUnsupportedChainBlockedErrorType = never

/**
 * The wallet is on a network this site did not configure and the host does not allow that
 * (option allowUnsupportedChain): the account is shown as the unsupported-chain view.
 */
export function isUnsupportedChainBlocked(portico: Portico): boolean {
  return isConnected(portico) && portico.stores.network.getState().unsupported && !portico.options.allowUnsupportedChain
}
