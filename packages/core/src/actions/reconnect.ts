import type { ChainNamespace } from '../caip.js'
import type { Portico } from '../portico.js'
import { fetchBalance } from './fetchBalance.js'
import { setAccount } from './getters.js'
import { setConnection } from './setConnection.js'

/**
 * Silently restores the last wallet of each namespace after a reload (SPEC §3: connector id
 * stored per namespace; option enableReconnect). Never prompts: a wallet that no longer
 * authorizes the page is forgotten.
 */
export async function reconnect(portico: Portico): Promise<boolean> {
  if (!portico.options.enableReconnect) return false
  const { connections } = portico.stores
  const pending: Array<Promise<void>> = []
  for (const [namespace, adapter] of portico.adapters) {
    const connectorId = portico.storage.getConnectorId(namespace)
    if (!connectorId || portico.storage.isConnectorDisconnected(namespace, connectorId)) continue
    connections.setState({ status: 'reconnecting' })
    setAccount(portico, namespace, { status: 'reconnecting' })
    pending.push(
      adapter
        .reconnect({ connectorId })
        .then((result) => {
          if (result) setConnection(portico, namespace, result)
          else forget(portico, namespace)
        })
        .catch((error) => {
          portico.logger.debug('reconnect failed', error)
          forget(portico, namespace)
        }),
    )
  }
  if (!pending.length) return false
  await Promise.all(pending)
  const connected = Object.keys(connections.getState().activeConnectorIds).length > 0
  connections.setState({ status: connected ? 'connected' : 'disconnected' })
  if (connected) void fetchBalance(portico)
  return connected
}

function forget(portico: Portico, namespace: ChainNamespace) {
  portico.storage.setConnectorId(namespace, null)
  setAccount(portico, namespace, { status: 'disconnected' })
}
