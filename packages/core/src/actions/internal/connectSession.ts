import type { ChainNamespace } from '../../spec/caip.js'
import { PorticoError } from '../../errors/base.js'
import { errorMessage } from '../../i18n/message.js'
import type { Portico } from '../../portico.js'
import { WALLET_CONNECT_CONNECTOR_ID, type WalletConnectClient, type WalletConnectSession } from '../../walletconnectClient.js'
import { setConnection } from './setConnection.js'
import { switchActiveNamespace } from '../switchActiveNamespace.js'

/** Hands each chain family of the session to its adapter as a WALLET_CONNECT connector. */
export async function connectSession(portico: Portico, client: WalletConnectClient, session: WalletConnectSession) {
  const connected: ChainNamespace[] = []
  for (const namespace of session.namespaces) {
    const adapter = portico.adapters.get(namespace as ChainNamespace)
    if (!adapter?.addConnector) continue
    adapter.addConnector({
      id: WALLET_CONNECT_CONNECTOR_ID,
      name: session.peer.name,
      type: 'WALLET_CONNECT',
      chain: namespace,
      imageUrl: session.peer.icons?.[0],
      provider: client.providerFor(namespace),
    })
    const result = await adapter.connect({ connectorId: WALLET_CONNECT_CONNECTOR_ID })
    setConnection(portico, namespace, result)
    connected.push(namespace)
  }
  if (!connected.length) throw new PorticoError(errorMessage('connectorUnsupportedChains'))
  // A session without the active family (a Solana-only wallet on an EVM-first page) makes its own family active.
  if (!connected.includes(portico.stores.network.getState().activeNamespace)) switchActiveNamespace(portico, connected[0]!)
}
