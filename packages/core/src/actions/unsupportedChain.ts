import type { Portico } from '../portico.js'
import { replace } from '../router.js'
import type { View } from '../views.js'
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

export type AccountViewReturnType = View
export type AccountViewErrorType = never

/** The view that stands for the account: Account, or UnsupportedChain while the chain is blocked. */
export function accountView(portico: Portico): View {
  return isUnsupportedChainBlocked(portico) ? 'UnsupportedChain' : 'Account'
}

/** Keeps an open modal in step with the wallet's chain: Account ⇄ UnsupportedChain. */
export function syncUnsupportedChainView(portico: Portico) {
  const { router, modal } = portico.stores
  if (!modal.getState().open) return
  const { view } = router.getState()
  if (view === 'Account' || view === 'UnsupportedChain') {
    const wanted = accountView(portico)
    if (wanted !== view) replace(router, wanted)
  }
}
