import { sameConnectorId } from '../connectors.js'
import type { Portico } from '../portico.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../walletconnect/client.js'
import { connectExternal } from './connectExternal.js'
import { connectWalletConnect } from './connectWalletConnect.js'

/** The Connect view's click: WalletConnect pairs by QR; any other connector is a browser wallet. */
export function selectConnector(portico: Portico, connectorId: string): Promise<void> {
  if (sameConnectorId(connectorId, WALLET_CONNECT_CONNECTOR_ID)) return connectWalletConnect(portico)
  return connectExternal(portico, { connectorId })
}
