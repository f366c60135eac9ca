import type { AdapterConnectResult } from '../adapter.js'
import type { ChainNamespace } from '../spec/caip.js'
import type { Portico } from '../portico.js'
import { afterConnect } from './afterConnect.js'
import { fetchBalance } from './fetchBalance.js'
import { setConnection } from './setConnection.js'

export interface AutoConnectParameters {
  namespace: ChainNamespace
  /** What the adapter's autoConnect() gave: the wallet of the host that frames the page. */
  result: AdapterConnectResult
}

/**
 * A page that a wallet host frames (a Safe{Wallet} app frame) is connected through that host
 * without asking: the host authorized the page by opening it. Loaded only when a host answered.
 * It never replaces a wallet that reconnected, and a host wallet the user disconnected here stays
 * disconnected (as after any disconnect).
 */
export function autoConnect(portico: Portico, { namespace, result }: AutoConnectParameters): boolean {
  if (portico.stores.connections.getState().activeConnectorIds[namespace]) return false
  if (portico.storage.isConnectorDisconnected(namespace, result.connectorId)) return false
  setConnection(portico, namespace, result)
  void fetchBalance(portico, namespace)
  afterConnect(portico)
  return true
}
