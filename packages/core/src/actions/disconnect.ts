import type { ChainNamespace } from '../caip.js'
import { PorticoError } from '../errors/base.js'
import { ErrorText } from '../errors/catalogue.js'
import type { Portico } from '../portico.js'
import { reset } from '../router.js'
import { emptyAccountState } from '../stores/account.js'
import { closeModal } from './closeModal.js'
import { setAccount } from './getters.js'
import { removeConnection } from './setConnection.js'
import { reportError, track } from '../analytics/track.js'

export interface DisconnectParameters {
  /** Only this chain family; all connected ones when omitted. */
  namespace?: ChainNamespace
}

/**
 * Disconnects the active connector of each (or one) namespace. The connector id is remembered
 * as disconnected so a reload does not reconnect it. Failure is 'Failed to disconnect'.
 */
export async function disconnect(portico: Portico, { namespace }: DisconnectParameters = {}) {
  const { connections } = portico.stores
  const namespaces = namespace ? [namespace] : (Object.keys(connections.getState().activeConnectorIds) as ChainNamespace[])
  try {
    for (const ns of namespaces) {
      const connectorId = connections.getState().activeConnectorIds[ns]
      if (!connectorId) continue
      await portico.adapters.get(ns)?.disconnect({ connectorId })
      clearConnection(portico, ns, connectorId)
    }
  } catch (cause) {
    const error = new PorticoError(ErrorText.failedToDisconnect, { cause, category: 'INTERNAL_SDK_ERROR' })
    track(portico, 'DISCONNECT_ERROR', { message: error.details })
    reportError(portico, error)
    throw error
  }
  track(portico, 'DISCONNECT_SUCCESS')
  if (Object.keys(connections.getState().activeConnectorIds).length === 0) {
    connections.setState({ status: 'disconnected' })
    if (portico.stores.modal.getState().embedded) reset(portico.stores.router, 'Connect')
    else closeModal(portico)
  }
}

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
