import type { ChainNamespace } from '../spec/caip.js'
import type { Portico } from '../portico.js'
import { reset } from '../router.js'
import type { RouterData } from '../stores/router.js'
import type { View } from '../views.js'
import { isConnected } from '../stores/account.js'
import { switchActiveNamespace } from './switchActiveNamespace.js'
import { accountView } from './accountView.js'
import { track } from './internal/track.js'
import { canSwitchNetwork } from './canSwitchNetwork.js'

export interface OpenModalParameters {
  view?: View
  data?: RouterData
  namespace?: ChainNamespace
}

export type OpenModalReturnType = void
export type OpenModalErrorType = never

/** SPEC §2 'Opening rules, in this order'. */
export function openModal(portico: Portico, parameters: OpenModalParameters = {}) {
  const { router, modal, network } = portico.stores
  // Rule 1: a namespace that differs from the active chain starts a network switch.
  if (parameters.namespace && parameters.namespace !== network.getState().activeNamespace) switchActiveNamespace(portico, parameters.namespace)

  if (portico.adapters.size === 0 || portico.options.manualWCControl)
    // Rule 2: no wallet adapters, or manual pairing control.
    reset(router, portico.environment.isMobile() ? 'AllWallets' : 'ConnectingWalletConnectBasic')
  else if (parameters.view && !(parameters.view === 'Networks' && !canSwitchNetwork(portico)))
    // Rule 3: an explicit view, with its data (Account stands in for the unsupported-chain view;
    // Networks is not offered with enableNetworkSwitch off).
    reset(router, parameters.view === 'Account' ? accountView(portico) : parameters.view, parameters.data)
  // Rule 4: Account when connected, else Connect; an unsupported chain shows UnsupportedChain.
  else reset(router, isConnected(portico) ? accountView(portico) : 'Connect')

  modal.setState({ open: true })
  track(portico, 'MODAL_OPEN', { connected: isConnected(portico) })
}
