import type { ChainNamespace } from '../spec/caip.js'
import { AUTH_CONNECTOR_ID } from '../embedded/client.js'
import { clearLoginCache, readLoginCache } from '../embedded/loginCache.js'
import type { Portico } from '../portico.js'
import { embeddedUserParameters, registerAuthConnector } from './connectEmbeddedUser.js'
import { loadEmbeddedWallet } from './loadEmbeddedWallet.js'

/**
 * After a reload: when the login-used flag is set and a namespace's stored connector is the auth
 * connector, the frame loads and, if its session is alive, the facade is handed back to the
 * adapters so that they reconnect it like any wallet. A dead session clears the login cache.
 * Without the flag the frame is not loaded at all.
 */
export async function restoreEmbeddedWallet(portico: Portico): Promise<void> {
  const cache = readLoginCache(portico.storage)
  const namespaces = [...portico.adapters.keys()].filter((ns: ChainNamespace) => portico.storage.getConnectorId(ns) === AUTH_CONNECTOR_ID)
  if (!cache.loginUsed || !namespaces.length || !portico.options.embeddedWallet) return
  try {
    const client = await loadEmbeddedWallet(portico)
    if (!(await client.isConnected())) {
      clearLoginCache(portico.storage)
      return
    }
    await client.getUser(embeddedUserParameters(portico))
    registerAuthConnector(portico, client, cache.connectedSocial ?? 'email')
  } catch (error) {
    portico.logger.debug('embedded wallet restore failed', error)
  }
}
