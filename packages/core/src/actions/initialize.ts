import type { AdapterEvents } from '../adapter.js'
import { parseCaipNetworkId, toCaipAddress, type ChainNamespace } from '../spec/caip.js'
import { sameConnectorId, type Connector } from '../connectors.js'
import type { Portico } from '../portico.js'
import { closeModal } from './closeModal.js'
import { clearConnection } from './internal/clearConnection.js'
import { refreshBalance } from './internal/refreshBalance.js'
import { setAccount } from '../stores/account.js'
import { reconnect } from './reconnect.js'
import { setActiveNetworkFromWallet } from './internal/setActiveNetworkFromWallet.js'

// Its home is its own module (the Connect view's chunk, not the first load); kept here for older imports.
export { getMergedConnectors } from './getMergedConnectors.js'

export type InitializeReturnType = void
export type InitializeErrorType = never

/**
 * Starts the instance: adapters get their networks and event handlers, wallet discovery
 * begins, and the last wallet reconnects silently. Returns when reconnecting has settled.
 */
export async function initialize(portico: Portico): Promise<void> {
  const perNamespace = new Map<ChainNamespace, Connector[]>()
  for (const [namespace, adapter] of portico.adapters) {
    adapter.setup({
      networks: portico.options.networks.filter((n) => n.chainNamespace === namespace),
      events: adapterEvents(portico, namespace),
      enableEIP6963: portico.options.enableEIP6963,
      rpcHost: portico.options,
    })
    const stop = adapter.watchConnectors((connectors) => {
      perNamespace.set(namespace, connectors)
      portico.stores.connections.setState({ connectors: [...perNamespace.values()].flat() })
    })
    portico.cleanups.push(stop)
  }
  // The project checks run beside reconnecting; neither waits for the other.
  // Analytics events wait until the project's consent is known (a click can come before it).
  const config = portico.api ? import('./fetchProjectConfig.js').then((m) => m.fetchProjectConfig(portico)) : undefined
  if (config) portico.analytics.ready = config.catch(() => undefined)
  const project = portico.api
    ? Promise.all([import('./checkAllowedOrigin.js').then((m) => m.checkAllowedOrigin(portico)), config]).catch((error) =>
        portico.logger.error('project checks failed', error),
      )
    : undefined
  // A wallet host framing the page (a Safe{Wallet} app frame) connects it, beside reconnecting (a
  // stored Safe waits for it); the code that records it loads only then.
  const hosted = [...portico.adapters].map(([namespace, adapter]) =>
    adapter
      .autoConnect?.()
      .then((result) => result && import('./internal/autoConnect.js').then((m) => m.autoConnect(portico, { namespace, result })))
      .catch((error) => portico.logger.debug('auto-connect failed', error)),
  )
  await reconnect(portico)
  await Promise.all([project, ...hosted])
}

function adapterEvents(portico: Portico, namespace: ChainNamespace): AdapterEvents {
  const isActive = (connectorId: string) => {
    const active = portico.stores.connections.getState().activeConnectorIds[namespace]
    return active !== undefined && sameConnectorId(active, connectorId)
  }
  return {
    accountsChanged(connectorId, accounts) {
      if (!isActive(connectorId)) return
      if (accounts.length === 0) return this.disconnected(connectorId)
      const caipNetworkId = portico.stores.network.getState().caipNetwork?.caipNetworkId
      const address = accounts[0]!.address
      setAccount(portico, namespace, {
        address,
        caipAddress: caipNetworkId && parseCaipNetworkId(caipNetworkId).namespace === namespace ? toCaipAddress(caipNetworkId, address) : undefined,
        balance: undefined,
      })
      refreshBalance(portico, namespace)
    },
    chainChanged(connectorId, caipNetworkId) {
      if (!isActive(connectorId)) return
      setActiveNetworkFromWallet(portico, namespace, caipNetworkId)
      refreshBalance(portico, namespace)
    },
    disconnected(connectorId) {
      if (!isActive(connectorId)) return
      clearConnection(portico, namespace, connectorId)
      if (portico.stores.connections.getState().status === 'disconnected' && portico.stores.modal.getState().open) closeModal(portico)
    },
  }
}
