import { createStore } from 'zustand/vanilla'
import type { ChainNamespace } from '../spec/caip.js'
import type { Connection, Connector } from '../connectors.js'
import type { NetworkStore } from './network.js'
import type { Message } from '../i18n/message.js'

/** SPEC §4 'Library connection status'. */
export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected' | 'reconnecting'

export interface ConnectionsState {
  /** SPEC §3 'Connection': kept per namespace, de-duplicated by connector id ignoring case. */
  connections: Partial<Record<ChainNamespace, Connection[]>>
  activeConnectorIds: Partial<Record<ChainNamespace, string>>
  /** Every connector the adapters announced, per namespace, before merging. */
  connectors: Connector[]
  status: ConnectionStatus
  /** Error shown by the connecting views (e.g. 'Connection rejected'): its key and parameters. */
  connectError: Message | undefined
  /** SPEC §2 Farcaster back rule: the URI shown on ConnectingFarcaster. */
  farcasterUrl: string | undefined
}

export function createConnectionsStore() {
  return createStore<ConnectionsState>(() => ({
    connections: {},
    activeConnectorIds: {},
    connectors: [],
    status: 'disconnected',
    connectError: undefined,
    farcasterUrl: undefined,
  }))
}
export type ConnectionsStore = ReturnType<typeof createConnectionsStore>

/** The part of a Portico instance this selector reads (typed apart so this store needs no Portico import). */
interface WithConnections {
  readonly stores: { readonly connections: ConnectionsStore; readonly network: NetworkStore }
}

/** The connector of the active connection in `namespace` (the active chain family by default). */
export function getActiveConnectorId(portico: WithConnections, namespace?: ChainNamespace): string | undefined {
  const ns = namespace ?? portico.stores.network.getState().activeNamespace
  return portico.stores.connections.getState().activeConnectorIds[ns]
}
