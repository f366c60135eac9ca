import type { ChainNamespace } from './spec/caip.js'
import { sameConnectorId, type Connector } from './connectors.js'

/**
 * The Connect list's rules (SPEC §3, §9): multi-chain merging, the connector type order and the
 * connect method order. The Connect view's code, apart from connectors.ts, which the page's first
 * load needs (the types and sameConnectorId).
 */
/**
 * SPEC §3 'Connector': connectors with the same name across chains merge into one multi-chain
 * entry on eip155; for the auth connector the merged entry is an AUTH entry.
 */
export function mergeConnectors(connectors: readonly Connector[]): Connector[] {
  const byName = new Map<string, Connector[]>()
  for (const connector of connectors) {
    const group = byName.get(connector.name) ?? []
    group.push(connector)
    byName.set(connector.name, group)
  }
  const merged: Connector[] = []
  for (const group of byName.values()) {
    const chains = new Set(group.map((c) => c.chain))
    if (chains.size < 2) {
      merged.push(...group)
      continue
    }
    const first = group.find((c) => c.chain === 'eip155') ?? group[0]!
    const isAuth = group.some((c) => c.type === 'AUTH')
    merged.push({
      ...first,
      chain: 'eip155',
      type: isAuth ? 'AUTH' : 'MULTI_CHAIN',
      connectors: group,
    })
  }
  return merged
}

/**
 * The wallets that connect one chain family beside another family's connection (SwitchActiveChain's
 * list): a browser wallet of that family, or a merged multi-chain entry with a part of it. Not
 * WalletConnect, email or social: those connect every configured family at once, which would
 * replace the connection the user keeps.
 */
export function connectorsForNamespace(connectors: readonly Connector[], namespace: ChainNamespace): Connector[] {
  return connectors.filter(
    (c) => c.type !== 'WALLET_CONNECT' && c.type !== 'AUTH' && (c.chain === namespace || Boolean(c.connectors?.some((part) => part.chain === namespace))),
  )
}

/** SPEC §9 'Connector type order'. */
export const ConnectorGroupOrder = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const
export type ConnectorGroup = (typeof ConnectorGroupOrder)[number]

export interface ConnectorListItem {
  connector: Connector
  group: ConnectorGroup
  recent: boolean
}

/**
 * Orders connectors for the Connect view by SPEC §9's connector type order. A recent
 * connector is listed once, in the 'recent' group, and tagged.
 */
export function orderConnectors(
  connectors: readonly Connector[],
  { recentIds = [], featuredIds = [] }: { recentIds?: readonly string[]; featuredIds?: readonly string[] } = {},
): ConnectorListItem[] {
  const isIn = (ids: readonly string[], c: Connector) => ids.some((id) => sameConnectorId(id, c.id) || (c.info?.rdns && sameConnectorId(id, c.info.rdns)))
  const groupOf = (c: Connector): ConnectorGroup => {
    if (c.type === 'WALLET_CONNECT') return 'walletConnect'
    if (isIn(recentIds, c)) return 'recent'
    if (c.type === 'INJECTED' || c.type === 'ANNOUNCED' || c.type === 'MULTI_CHAIN') return 'injected'
    if (isIn(featuredIds, c)) return 'featured'
    if (c.type === 'EXTERNAL') return 'external'
    return 'custom'
  }
  const items = connectors
    .filter((c) => c.type !== 'AUTH' && c.type !== 'ID_AUTH')
    .map((connector) => {
      const group = groupOf(connector)
      return { connector, group, recent: group === 'recent' }
    })
  const rank = (item: ConnectorListItem) => {
    const base = ConnectorGroupOrder.indexOf(item.group) * 1000
    if (item.group === 'recent') return base + recentIds.findIndex((id) => isIn([id], item.connector))
    if (item.group === 'featured') return base + featuredIds.findIndex((id) => isIn([id], item.connector))
    return base
  }
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item)
}

/** SPEC §9 'Connect method order': email, social, wallet; wallet first when an injected wallet is found. */
export type ConnectMethod = 'email' | 'social' | 'wallet'
export function connectMethodOrder(connectors: readonly Connector[]): ConnectMethod[] {
  const injectedFound = connectors.some((c) => c.type === 'INJECTED' || c.type === 'ANNOUNCED')
  return injectedFound ? ['wallet', 'email', 'social'] : ['email', 'social', 'wallet']
}
