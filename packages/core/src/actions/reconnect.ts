import type { ChainNamespace } from '../spec/caip.js'
import type { Portico } from '../portico.js'
import { refreshBalance } from './internal/refreshBalance.js'
import { afterConnect } from './internal/afterConnect.js'
import { isConnected, setAccount } from '../stores/account.js'
import { switchActiveNamespace } from './switchActiveNamespace.js'
import { setConnection } from './internal/setConnection.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../walletconnectClient.js'
import { StorageKeys } from '../storage.js'

export type ReconnectReturnType = boolean
export type ReconnectErrorType = never

/**
 * Silently restores the last wallet of each namespace after a reload (SPEC §3: connector id
 * stored per namespace; option enableReconnect). Never prompts: a wallet that no longer
 * authorizes the page is forgotten.
 */
export async function reconnect(portico: Portico): Promise<boolean> {
  if (!portico.options.enableReconnect) return false
  const { connections } = portico.stores
  // Said at once, before any await: a host (or wagmi's reconnect) asking right after initialize()
  // must see 'reconnecting', not 'disconnected'.
  for (const namespace of portico.adapters.keys()) {
    const connectorId = portico.storage.getConnectorId(namespace)
    if (!connectorId || portico.storage.isConnectorDisconnected(namespace, connectorId)) continue
    connections.setState({ status: 'reconnecting' })
    setAccount(portico, namespace, { status: 'reconnecting' })
  }
  await Promise.all([restoreWalletConnect(portico), restoreEmbedded(portico)])
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
  const connectedNamespaces = Object.keys(connections.getState().activeConnectorIds) as ChainNamespace[]
  const connected = connectedNamespaces.length > 0
  connections.setState({ status: connected ? 'connected' : 'disconnected' })
  // The stored active family stays active when its wallet came back; otherwise a family that did.
  if (connected && !isConnected(portico) && portico.options.networks.some((n) => n.chainNamespace === connectedNamespaces[0]))
    switchActiveNamespace(portico, connectedNamespaces[0]!)
  if (connected) {
    refreshBalance(portico)
    afterConnect(portico)
  }
  return connected
}

/** The embedded wallet's code loads only when its login was used before (the login-used flag). */
async function restoreEmbedded(portico: Portico) {
  if (!portico.options.embeddedWallet || portico.storage.read<boolean>(StorageKeys.wallet.loginUsed, false) !== true) return
  await (await import('./internal/restoreEmbeddedWallet.js')).restoreEmbeddedWallet(portico)
}

/** A stored WalletConnect session is handed back to the adapters before they reconnect; its code loads only then. */
async function restoreWalletConnect(portico: Portico) {
  const namespaces = [...portico.adapters.keys()].filter((ns) => portico.storage.getConnectorId(ns) === WALLET_CONNECT_CONNECTOR_ID)
  if (!namespaces.length || !portico.options.walletConnect) return
  await import('./internal/restoreWalletConnect.js')
    .then((m) => m.restoreWalletConnect(portico, namespaces))
    .catch((error) => portico.logger.debug('WalletConnect session restore failed', error))
}

function forget(portico: Portico, namespace: ChainNamespace) {
  portico.storage.setConnectorId(namespace, null)
  setAccount(portico, namespace, { status: 'disconnected' })
}
