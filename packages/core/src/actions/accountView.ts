import type { Portico } from '../portico.js'
import type { View } from '../views.js'
import { isUnsupportedChainBlocked } from './isUnsupportedChainBlocked.js'

export type AccountViewReturnType = View
export type AccountViewErrorType = never

/** The view that stands for the account: Account, or UnsupportedChain while the chain is blocked. */
export function accountView(portico: Portico): View {
  return isUnsupportedChainBlocked(portico) ? 'UnsupportedChain' : 'Account'
}
