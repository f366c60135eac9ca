import type { Portico } from '../portico.js'
import { navigate } from './navigate.js'
import { startSend } from './startSend.js'
import { startSwap } from './startSwap.js'
import type { WalletFeature } from './walletFeatures.js'

export interface OpenWalletFeatureParameters {
  /** The feature button pressed. */
  feature: WalletFeature
}
export type OpenWalletFeatureReturnType = void
export type OpenWalletFeatureErrorType = never

/** The feature → view map of Account's feature buttons: Buy, Swap, Receive, Send each open their first view. */
export function openWalletFeature(portico: Portico, parameters: OpenWalletFeatureParameters): OpenWalletFeatureReturnType
/** @deprecated use `openWalletFeature(portico, { feature })` */
export function openWalletFeature(portico: Portico, feature: WalletFeature): OpenWalletFeatureReturnType
export function openWalletFeature(portico: Portico, parameters: OpenWalletFeatureParameters | WalletFeature): OpenWalletFeatureReturnType {
  const { feature } = typeof parameters === 'object' ? parameters : { feature: parameters }
  if (feature === 'send') startSend(portico)
  else if (feature === 'swaps') void startSwap(portico)
  else navigate(portico, { view: feature === 'receive' ? 'WalletReceive' : 'OnRampTokenSelect' })
}
