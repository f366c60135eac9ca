import type { Portico } from '../portico.js'

export type CanSwitchNetworkReturnType = boolean
export type CanSwitchNetworkErrorType = never

/**
 * SPEC §3 option enableNetworkSwitch: off, the visitor cannot pick another network in the modal
 * (the network is shown, not offered); on an unsupported chain the switch stays, since the
 * unsupported-chain view's only way out is a supported network (SPEC §2).
 */
export function canSwitchNetwork(portico: Portico): CanSwitchNetworkReturnType {
  return portico.options.enableNetworkSwitch || portico.stores.network.getState().unsupported
}
