import { WalletFeatureOrder } from '../spec/defaults.js'
import type { Portico } from '../portico.js'
import { isRestrictedTimezone } from '../spec/regions.js'
import { chainFamily } from '../spec/families/index.js'

export type WalletFeature = (typeof WalletFeatureOrder)[number]

export type GetWalletFeaturesReturnType = WalletFeature[]
export type GetWalletFeaturesErrorType = never

/**
 * SPEC §9 'Wallet feature order': onramp, swaps, receive, send; each only when enabled (onramp
 * and swaps are remote features, receive and send the host's features). SPEC §6: no onramp for a
 * device in a restricted time zone. Swaps only on a family the swap flow serves (its record's `swaps`).
 */
export function getWalletFeatures(portico: Portico): WalletFeature[] {
  const remote = portico.stores.project.getState().remoteFeatures
  const { features } = portico.options
  const enabled: Record<WalletFeature, boolean> = {
    onramp: Array.isArray(remote.onramp) && remote.onramp.length > 0 && !isRestrictedTimezone(portico.environment.timeZone?.()),
    swaps: Array.isArray(remote.swaps) && remote.swaps.length > 0 && chainFamily(portico.stores.network.getState().activeNamespace)?.swaps !== false,
    receive: features.receive,
    send: features.send,
  }
  return WalletFeatureOrder.filter((feature) => enabled[feature])
}
