import { availableSocials, emailLoginAvailable } from '../selectors/socials.js'
import type { Portico } from '../portico.js'

export type GetConnectLayoutParameters = Portico
export interface GetConnectLayoutReturnType {
  /** SPEC §6 legal checkbox: show the checkbox that accepts the terms and privacy policy (on the views that list wallets). */
  legalCheckbox: boolean
  /** The wallet list is shown but cannot be used until the checkbox is ticked. */
  walletsLocked: boolean
  /**
   * SPEC §6 'collapse wallets' (and §9 emailShowWallets off): with email or social login on the
   * Connect view, the wallets sit behind one 'Continue with a wallet' entry (the ConnectWallets view).
   */
  collapseWallets: boolean
}
export type GetConnectLayoutErrorType = never

/** How the Connect view lays out its methods, from the host's features (rules here, the view only renders). */
export function getConnectLayout(portico: GetConnectLayoutParameters): GetConnectLayoutReturnType {
  const { features } = portico.options
  const { view } = portico.stores.router.getState()
  const legalCheckbox = features.legalCheckbox && (view === 'Connect' || view === 'ConnectWallets')
  const otherMethods = emailLoginAvailable(portico) || availableSocials(portico).length > 0
  return {
    legalCheckbox,
    walletsLocked: features.legalCheckbox && !portico.stores.modal.getState().legalAccepted,
    collapseWallets: otherMethods && (features.collapseWallets || !features.emailShowWallets),
  }
}
