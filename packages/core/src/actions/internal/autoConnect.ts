import type { AdapterConnectResult } from '../../adapter.js'
import { sameConnectorId } from '../../connectors.js'
import type { ChainNamespace } from '../../spec/caip.js'
import type { Portico } from '../../portico.js'
import { afterConnect } from './afterConnect.js'
import { fetchBalance } from '../fetchBalance.js'
import { resumeQueuedTransactions } from './followQueuedTransaction.js'
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
  const active = portico.stores.connections.getState().activeConnectorIds[namespace]
  // The host's queue outlives the page: a send the Safe queued before a reload is still followed (also
  // when the stored connection to the same host wallet was restored first).
  if (active && sameConnectorId(active, result.connectorId)) resumeQueuedTransactions(portico, namespace, result.connectorId)
  if (active) return false
  if (portico.storage.isConnectorDisconnected(namespace, result.connectorId)) return false
  setConnection(portico, namespace, result)
  void fetchBalance(portico, namespace)
  afterConnect(portico)
  resumeQueuedTransactions(portico, namespace, result.connectorId)
  return true
}
