import type { ChainNamespace } from '../spec/caip.js'
import { sameConnectorId, type Connection, type Connector } from '../connectors.js'
import type { Portico } from '../portico.js'
import { findConnector } from './findConnector.js'

/** SPEC §4 'Switching between connections': the status of each connection. */
export type ConnectionStatusKind = 'connected' | 'active' | 'disconnected'

export interface WalletConnection {
  namespace: ChainNamespace
  connectorId: string
  connector: Connector | undefined
  accounts: Connection['accounts']
  status: ConnectionStatusKind
}

export type GetWalletConnectionsReturnType = WalletConnection[]
export type GetWalletConnectionsErrorType = never

/**
 * The connections per namespace with their status: connected (the active connector), active
 * (live but not current) or disconnected (a wallet the user disconnected). SPEC §6: without
 * the multiWallet remote feature only the active connector's connections are shown.
 */
export function getWalletConnections(portico: Portico): WalletConnection[] {
  const { connections: store, project } = portico.stores
  const { connections, activeConnectorIds } = store.getState()
  const multiWallet = project.getState().remoteFeatures.multiWallet
  const list: WalletConnection[] = []
  for (const namespace of portico.adapters.keys()) {
    const activeId = activeConnectorIds[namespace]
    for (const connection of connections[namespace] ?? []) {
      const connected = activeId !== undefined && sameConnectorId(activeId, connection.connectorId)
      list.push({
        namespace,
        connectorId: connection.connectorId,
        connector: findConnector(portico, { connectorId: connection.connectorId }),
        accounts: connection.accounts,
        status: connected ? 'connected' : 'active',
      })
    }
    if (!multiWallet) continue
    for (const connectorId of portico.storage.getDisconnectedConnectorIds()[namespace] ?? []) {
      if (list.some((c) => c.namespace === namespace && sameConnectorId(c.connectorId, connectorId))) continue
      const connector = findConnector(portico, { connectorId })
      if (connector) list.push({ namespace, connectorId, connector, accounts: [], status: 'disconnected' })
    }
  }
  return multiWallet ? list : list.filter((c) => c.status === 'connected')
}
