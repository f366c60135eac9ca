import type { AccountType, ChainNamespace } from './spec/caip.js'

/** SPEC §3 'Connector' types. */
export type ConnectorType = 'EXTERNAL' | 'WALLET_CONNECT' | 'INJECTED' | 'ANNOUNCED' | 'AUTH' | 'MULTI_CHAIN' | 'ID_AUTH'

export interface Connector {
  id: string
  name: string
  type: ConnectorType
  chain: ChainNamespace
  imageUrl?: string
  imageId?: string
  explorerId?: string
  info?: { rdns?: string; icon?: string }
  provider?: unknown
  /** For a merged multi-chain entry: the per-chain connectors it stands for. */
  connectors?: Connector[]
}

export interface ConnectionAccount {
  address: string
  type?: AccountType
  namespace?: ChainNamespace
}

/** SPEC §3 'Connection'. */
export interface Connection {
  connectorId: string
  accounts: ConnectionAccount[]
  caipNetworkId?: string
  auth?: { name?: string; username?: string }
}

export function sameConnectorId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}
