import { parseCaipAddress, type CaipNetworkId } from '../spec/caip.js'
import { PorticoError } from '../errors/base.js'
import { ErrorText } from '../spec/catalogue.js'
import { alertMessage, errorMessage, keyOf } from '../i18n/message.js'
import { SwitchNetworkError, UserRejectedRequestError } from '../errors/connector.js'
import type { Portico } from '../portico.js'
import { fetchBalance } from './fetchBalance.js'
import { getAccount, isConnected } from '../stores/account.js'
import { getActiveConnectorId } from '../stores/connections.js'
import { clearAlert, setAlert } from './setAlert.js'
import { setActiveNetworkFromWallet } from './internal/setActiveNetworkFromWallet.js'
import { switchActiveNamespace } from './switchActiveNamespace.js'
import { track } from './internal/track.js'
import { afterConnect } from './internal/afterConnect.js'
import { raiseProviderAlert } from './internal/raiseProviderAlert.js'

export interface SwitchNetworkParameters {
  caipNetworkId: CaipNetworkId
}

export type SwitchNetworkReturnType = void
export type SwitchNetworkErrorType = PorticoError | SwitchNetworkError

/**
 * Makes a configured network the active one. When a wallet is connected on that chain family
 * the wallet is asked to switch (and to add the chain if it does not know it); a failure is
 * kept in the network state for the SwitchNetwork view and rethrown.
 */
export async function switchNetwork(portico: Portico, { caipNetworkId }: SwitchNetworkParameters) {
  const { network } = portico.stores
  const target = portico.options.networks.find((n) => n.caipNetworkId === caipNetworkId)
  if (!target) throw new PorticoError(alertMessage('APKT001'), { alertCode: 'APKT001', details: `${caipNetworkId} is not configured` })

  const previousNamespace = network.getState().activeNamespace
  if (target.chainNamespace !== previousNamespace) switchActiveNamespace(portico, target.chainNamespace)
  const namespace = target.chainNamespace
  const connectorId = getActiveConnectorId(portico, namespace)
  const adapter = portico.adapters.get(namespace)

  if (!isConnected(portico, namespace) || !connectorId || !adapter) {
    if (namespace !== previousNamespace && isConnected(portico, previousNamespace))
      // SPEC §8 APKTW001: the chain family now active has no wallet while another one has.
      setAlert(portico, 'APKTW001', `${namespace} has no connected wallet`)
    network.setState({ caipNetwork: target, unsupported: false, switchError: undefined })
    portico.storage.setActiveCaipNetworkId(caipNetworkId)
    return
  }

  // SPEC §8 APKTW001 ('Inactive Namespace Not Connected') no longer holds: this family has a wallet.
  if (portico.stores.project.getState().alert?.code === 'APKTW001') clearAlert(portico)
  // The wallet is on it already (a switch of chain family only): nothing to ask the wallet.
  const walletNetworkId = getAccount(portico, namespace).caipAddress
  if (walletNetworkId && parseCaipAddress(walletNetworkId).caipNetworkId === caipNetworkId) {
    setActiveNetworkFromWallet(portico, namespace, caipNetworkId)
    void fetchBalance(portico, namespace)
    return
  }
  network.setState({ switching: true, switchError: undefined })
  try {
    await adapter.switchNetwork({ connectorId, caipNetwork: target })
  } catch (cause) {
    raiseProviderAlert(portico, cause)
    const declined = cause instanceof UserRejectedRequestError
    const error = new SwitchNetworkError({ cause, details: declined ? ErrorText.switchNetworkDeclined : undefined })
    network.setState({
      switching: false,
      switchError: keyOf(errorMessage(declined ? 'switchNetworkDeclined' : 'switchNetworkFailed')),
    })
    throw error
  }
  setActiveNetworkFromWallet(portico, namespace, caipNetworkId)
  network.setState({ switching: false })
  track(portico, 'SWITCH_NETWORK', { network: caipNetworkId })
  afterConnect(portico)
  void fetchBalance(portico, namespace)
}
