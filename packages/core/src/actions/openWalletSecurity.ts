import type { WalletFactors } from '../embedded/types.js'
import type { Portico } from '../portico.js'
import { push } from '../router.js'
import { fetchWalletFactors } from './fetchWalletFactors.js'

export type OpenWalletSecurityReturnType = Promise<WalletFactors | undefined>
export type OpenWalletSecurityErrorType = never

/** Account → 'Wallet security': the factors view, loaded fresh. */
export function openWalletSecurity(portico: Portico) {
  const { embedded, router } = portico.stores
  embedded.setState({ security: { ...embedded.getState().security, error: undefined, notice: undefined } })
  push(router, 'WalletSecurity')
  return fetchWalletFactors(portico)
}
