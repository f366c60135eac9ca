import { availableSocials, emailLoginAvailable } from '../embedded/socials.js'
import type { Portico } from '../portico.js'

export type GetConnectLayoutParameters = Portico
export interface GetConnectLayoutReturnType {
  /** SPEC §6 legal checkbox: show the checkbox that accepts the terms and privacy policy. */
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
  const legalCheckbox = features.legalCheckbox
  const otherMethods = emailLoginAvailable(portico) || availableSocials(portico).length > 0
  return {
    legalCheckbox,
    walletsLocked: legalCheckbox && !portico.stores.modal.getState().legalAccepted,
    collapseWallets: otherMethods && (features.collapseWallets || !features.emailShowWallets),
  }
}
