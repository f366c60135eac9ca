import type { AdapterConnectResult } from '../../adapter.js'
import { toCaipAddress, type ChainNamespace } from '../../spec/caip.js'
import { sameConnectorId, type Connection } from '../../connectors.js'
import type { Portico } from '../../portico.js'
import { emptyAccountState } from '../../stores/account.js'
import { setAccount } from '../../stores/account.js'
import { setActiveNetworkFromWallet } from './setActiveNetworkFromWallet.js'

/**
 * Records a live connection: SPEC §3 'Connection' (per namespace, de-duplicated by connector id
 * ignoring case), the stored connector id per namespace, and the account and network state.
 */
export function setConnection(portico: Portico, namespace: ChainNamespace, result: AdapterConnectResult) {
  const { connections } = portico.stores
  const connection: Connection = {
    connectorId: result.connectorId,
    accounts: result.accounts.map((a) => ({ address: a.address, type: a.type, namespace })),
    caipNetworkId: result.caipNetworkId,
  }
  const state = connections.getState()
  connections.setState({
    connections: { ...state.connections, [namespace]: upsertConnection(state.connections[namespace] ?? [], connection) },
    activeConnectorIds: { ...state.activeConnectorIds, [namespace]: result.connectorId },
    status: 'connected',
    connectError: undefined,
  })
  portico.storage.setConnectorId(namespace, result.connectorId)
  portico.storage.removeDisconnectedConnectorId(namespace, result.connectorId)
  portico.storage.setConnections(portico.stores.connections.getState().connections)

  const account = result.accounts[0]!
  setAccount(portico, namespace, {
    ...emptyAccountState,
    address: account.address,
    caipAddress: toCaipAddress(result.caipNetworkId, account.address),
    preferredAccountType: account.type,
    status: 'connected',
  })
  setActiveNetworkFromWallet(portico, namespace, result.caipNetworkId)
}

/** SPEC §3: connections are de-duplicated by connector id, ignoring case; the newest wins. */
export function upsertConnection(list: readonly Connection[], connection: Connection): Connection[] {
  return [...list.filter((c) => !sameConnectorId(c.connectorId, connection.connectorId)), connection]
}

export function removeConnection(list: readonly Connection[], connectorId: string): Connection[] {
  return list.filter((c) => !sameConnectorId(c.connectorId, connectorId))
}
