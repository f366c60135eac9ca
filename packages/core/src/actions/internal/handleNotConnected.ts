import type { ChainNamespace } from '../../spec/caip.js'
import { clearLoginCache } from '../../embedded/loginCache.js'
import type { Portico } from '../../portico.js'
import { clearConnection } from './clearConnection.js'
import { isAuthConnector } from '../../embedded/authConnector.js'

/** SPEC §4: when the frame reports not connected, the stored login cache is cleared. */
export function handleNotConnected(portico: Portico) {
  clearLoginCache(portico.storage)
  const { activeConnectorIds } = portico.stores.connections.getState()
  for (const [namespace, connectorId] of Object.entries(activeConnectorIds))
    if (isAuthConnector(connectorId)) clearConnection(portico, namespace as ChainNamespace, connectorId!)
}
