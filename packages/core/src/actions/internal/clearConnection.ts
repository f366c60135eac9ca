import type { ChainNamespace } from '../../spec/caip.js'
import type { Portico } from '../../portico.js'
import { emptyAccountState, setAccount } from '../../stores/account.js'
import { removeConnection } from './setConnection.js'

/** Forgets a connection locally (also used when the wallet itself disconnects). */
export function clearConnection(portico: Portico, namespace: ChainNamespace, connectorId: string) {
  const { connections } = portico.stores
  const state = connections.getState()
  const { [namespace]: _removed, ...activeConnectorIds } = state.activeConnectorIds
  connections.setState({
    connections: { ...state.connections, [namespace]: removeConnection(state.connections[namespace] ?? [], connectorId) },
    activeConnectorIds,
    status: Object.keys(activeConnectorIds).length ? 'connected' : 'disconnected',
  })
  portico.storage.setConnectorId(namespace, null)
  portico.storage.addDisconnectedConnectorId(namespace, connectorId)
  portico.storage.setConnections(connections.getState().connections)
  // SPEC §4: the account status goes to disconnected on reset.
  setAccount(portico, namespace, { ...emptyAccountState, status: 'disconnected' })
}
