import type { ChainNamespace } from '../../spec/caip.js'
import { AUTH_CONNECTOR_ID, isAuthConnector } from '../../embedded/authConnector.js'
import type { EmbeddedWalletClient } from '../../embedded/types.js'
import { clearLoginCache, readLoginCache } from '../../embedded/loginCache.js'
import type { Portico } from '../../portico.js'
import { embeddedAccountType, embeddedUserParameters, registerAuthConnector } from './connectEmbeddedUser.js'
import { setAccount } from '../../stores/account.js'
import { getActiveConnectorId } from '../../stores/connections.js'
import { loadEmbeddedWallet } from '../loadEmbeddedWallet.js'

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
    if (namespaces.includes('eip155')) recordAccountType(portico, client)
  } catch (error) {
    portico.logger.debug('embedded wallet restore failed', error)
  }
}

/**
 * The adapters report every account as eoa: once the reconnect has set the embedded wallet's eip155
 * account, its type is the frame's (the smart account or the EOA), as after a login.
 */
function recordAccountType(portico: Portico, client: EmbeddedWalletClient) {
  const unsubscribe = portico.stores.account.subscribe((state) => {
    const account = state.byNamespace.eip155
    if (!account?.address || !isAuthConnector(getActiveConnectorId(portico, 'eip155'))) return
    unsubscribe()
    const type = embeddedAccountType(client.user(), account.address)
    if (type && type !== account.preferredAccountType) setAccount(portico, 'eip155', { preferredAccountType: type })
  })
}
