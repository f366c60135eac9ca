import type { CaipNetworkId, ChainNamespace } from '../spec/caip.js'
import { ConnectionRejectedError, ConnectorNotFoundError } from '../errors/connector.js'
import type { Portico } from '../portico.js'
import { push } from '../router.js'
import { closeModal } from './closeModal.js'
import { afterConnect } from './internal/afterConnect.js'
import { fetchBalance } from './fetchBalance.js'
import { setConnection } from './internal/setConnection.js'
import { findConnector } from './findConnector.js'
import { switchActiveNamespace } from './switchActiveNamespace.js'
import { clearAlert } from './setAlert.js'
import { track } from './internal/track.js'
import { raiseProviderAlert } from './internal/raiseProviderAlert.js'
import { keyOf } from '../i18n/message.js'

export interface ConnectExternalParameters {
  connectorId: string
  /** Connect this chain family only (SwitchActiveChain's wallet list); it becomes the active one. */
  namespace?: ChainNamespace
  /** The network to connect that family on; its first configured one otherwise. */
  caipNetworkId?: CaipNetworkId
}

export type ConnectExternalErrorType = ConnectionRejectedError | ConnectorNotFoundError

export type ConnectExternalReturnType = void

/**
 * Connects a browser wallet (announced or injected). Shows ConnectingExternal while the wallet
 * asks the user; any failure becomes 'Connection rejected' (SPEC §8) with a retry in the view.
 * A multi-chain entry connects each of its chain families, the active one first; a wallet of
 * another family only makes that family the active one.
 */
export async function connectExternal(portico: Portico, { connectorId, namespace, caipNetworkId }: ConnectExternalParameters) {
  const { connections, router, network } = portico.stores
  const connector = findConnector(portico, { connectorId })
  const activeNamespace = network.getState().activeNamespace
  const parts = (connector?.connectors ?? (connector ? [connector] : []))
    .filter((c) => portico.adapters.has(c.chain) && (!namespace || c.chain === namespace))
    .sort((a, b) => Number(b.chain === activeNamespace) - Number(a.chain === activeNamespace))
  if (!connector || parts.length === 0) throw new ConnectorNotFoundError(connectorId)

  push(router, 'ConnectingExternal', { connectorId, namespace, caipNetworkId })
  track(portico, 'SELECT_WALLET', { name: connector.name, platform: 'browser' })
  connections.setState({ status: 'connecting', connectError: undefined })

  try {
    for (const part of parts) {
      const adapter = portico.adapters.get(part.chain)!
      const caipNetwork =
        portico.options.networks.find((n) => n.caipNetworkId === caipNetworkId && n.chainNamespace === part.chain) ??
        portico.options.networks.find((n) => n.chainNamespace === part.chain && (part.chain !== activeNamespace || n === network.getState().caipNetwork))
      const result = await adapter.connect({ connectorId: part.id, caipNetwork })
      setConnection(portico, part.chain, result)
    }
  } catch (cause) {
    raiseProviderAlert(portico, cause)
    const error = new ConnectionRejectedError({ cause })
    portico.logger.debug('connect failed', cause)
    connections.setState({ status: 'disconnected', connectError: keyOf(error) })
    track(portico, 'CONNECT_ERROR', { message: error.details ?? error.shortMessage })
    throw error
  }
  // A wallet that does not cover the active chain family (or was asked for another) shows its own.
  if (parts[0]!.chain !== network.getState().activeNamespace) switchActiveNamespace(portico, parts[0]!.chain)
  // SPEC §8 APKTW001 said the active family had no wallet; now it has one.
  if (portico.stores.project.getState().alert?.code === 'APKTW001') clearAlert(portico)
  portico.storage.addRecentWallet({ id: connector.info?.rdns ?? connector.id, name: connector.name, icon: connector.imageUrl ?? connector.info?.icon })
  track(portico, 'CONNECT_SUCCESS', { method: 'browser', name: connector.name })
  void fetchBalance(portico)
  closeModal(portico)
  afterConnect(portico)
}
