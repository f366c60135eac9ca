import { sameConnectorId } from '../connectors.js'
import type { Portico } from '../portico.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../walletconnect/client.js'
import { connectExternal, type ConnectExternalParameters } from './connectExternal.js'
import { connectWalletConnect } from './connectWalletConnect.js'
import { TermsNotAcceptedError } from '../errors/flow.js'
import { getConnectLayout } from './getConnectLayout.js'

/**
 * The Connect view's click: WalletConnect pairs by QR; any other connector is a browser wallet
 * (of one chain family only when the list was opened for it, by SwitchActiveChain). With the legal
 * checkbox on and not ticked, nothing connects (SPEC §6).
 */
export function selectConnector(
  portico: Portico,
  connectorId: string,
  only: Pick<ConnectExternalParameters, 'namespace' | 'caipNetworkId'> = {},
): Promise<void> {
  if (getConnectLayout(portico).walletsLocked) return Promise.reject(new TermsNotAcceptedError())
  if (sameConnectorId(connectorId, WALLET_CONNECT_CONNECTOR_ID)) return connectWalletConnect(portico)
  return connectExternal(portico, { connectorId, ...only })
}
