import type { ChainNamespace } from '../../spec/caip.js'
import type { Portico } from '../../portico.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../../walletconnectClient.js'
import { loadWalletConnect } from '../loadWalletConnect.js'
import { raiseProviderAlert } from './raiseProviderAlert.js'

/**
 * After a reload (SPEC §3), the stored WalletConnect session goes back to the adapters of the
 * namespaces it was connected on, as their WalletConnect connector, before they reconnect.
 * A failed restore is logged (and raises SPEC §8's alert when the relay's error stands for one).
 */
export async function restoreWalletConnect(portico: Portico, namespaces: readonly ChainNamespace[]) {
  try {
    const client = await loadWalletConnect(portico)
    const session = await client.restore()
    if (!session) return
    for (const ns of namespaces)
      if (session.namespaces.includes(ns))
        portico.adapters.get(ns)?.addConnector?.({
          id: WALLET_CONNECT_CONNECTOR_ID,
          name: session.peer.name,
          type: 'WALLET_CONNECT',
          chain: ns,
          imageUrl: session.peer.icons?.[0],
          provider: client.providerFor(ns),
        })
  } catch (error) {
    portico.logger.debug('WalletConnect session restore failed', error)
    raiseProviderAlert(portico, error)
  }
}
