import type { ChainAdapter } from '../adapter.js'
import type { PorticoCache } from '../cache.js'
import type { ChainNamespace } from '../spec/caip.js'
import type { CaipNetwork } from '../networks.js'
import type { Connector } from '../connectors.js'
import type { HttpClient } from './http.js'
import { formatUnits } from '../utils/format.js'
import type { Balances } from './schemas.js'
import { discoverWalletAssets, type AssetDiscoveryAnswers } from './walletAssetDiscovery.js'

/** The part of a Portico instance the reads use (typed apart, so that api/ stays below portico.ts). */
interface WithReads {
  readonly api: HttpClient | undefined
  readonly cache: PorticoCache
  readonly adapters: ReadonlyMap<ChainNamespace, ChainAdapter>
  readonly stores: { readonly connections: Watchable<ActiveConnections> }
}

/** What the reads use of the connections store (stores/connections.ts). */
interface ActiveConnections {
  readonly activeConnectorIds: Partial<Record<ChainNamespace, string>>
  readonly connectors: readonly Connector[]
}
interface Watchable<T> {
  getState(): T
  subscribe(listener: (next: T, before: T) => void): () => void
}

/** Per instance: what the active eip155 connection answered to wallet_getCapabilities, per account and chain. */
const answersOf = new WeakMap<WithReads, AssetDiscoveryAnswers>()

function assetDiscoveryAnswers(portico: WithReads): AssetDiscoveryAnswers {
  let answers = answersOf.get(portico)
  if (!answers) {
    const fresh: AssetDiscoveryAnswers = new Map()
    answers = fresh
    answersOf.set(portico, fresh)
    // Asked once per connection and chain: a new connection (or none) asks again.
    portico.stores.connections.subscribe((next, before) => {
      if (next.activeConnectorIds.eip155 !== before.activeConnectorIds.eip155) fresh.clear()
    })
  }
  return answers
}

/**
 * The balance read behind `fetchBalance` (loaded with the first read, not in the first load).
 * SPEC §7 'Wallet calls': where the connected wallet (a wallet in the page) advertises assetDiscovery on the chain in
 * wallet_getCapabilities (asked once per connection and chain), its tokens come from
 * wallet_getAssets and the native balance from the chain; otherwise the Portico server's balances
 * (with `apiUrl`), else the native balance through the adapter.
 */
export async function readBalances(portico: WithReads, ns: ChainNamespace, address: string, caipNetwork: CaipNetwork): Promise<Balances> {
  // The wallet's own provider behind the active connector (a read: no chain switch or error mapping needed).
  const { activeConnectorIds, connectors } = portico.stores.connections.getState()
  const connectorId = activeConnectorIds[ns]
  // Asked of a wallet in the page only: a WalletConnect wallet would get the question over the relay
  // (a phone may show it or never answer), and the embedded wallet's own balances are the server's.
  const inPage = connectors.some((c) => c.id === connectorId && c.chain === ns && (c.type === 'ANNOUNCED' || c.type === 'INJECTED'))
  const provider = ns === 'eip155' && connectorId && inPage ? portico.adapters.get(ns)?.getProvider?.(connectorId) : undefined
  const tokens = provider ? await discoverWalletAssets(provider as never, address, caipNetwork, assetDiscoveryAnswers(portico)) : undefined
  if (tokens) return { native: (await fromAdapter(portico, ns, address, caipNetwork)).native, tokens }
  return portico.api ? (await import('./balances.js')).fromServer(portico, address, caipNetwork) : fromAdapter(portico, ns, address, caipNetwork)
}

async function fromAdapter(portico: WithReads, ns: ChainNamespace, address: string, caipNetwork: CaipNetwork): Promise<Balances> {
  const adapter = portico.adapters.get(ns)
  if (!adapter) throw new Error(`No adapter for ${ns}`)
  const connectorId = portico.stores.connections.getState().activeConnectorIds[ns]
  const balance = await adapter.getBalance({ address, caipNetwork, connectorId })
  return { native: { balance: formatUnits(BigInt(balance.value), balance.decimals), symbol: balance.symbol }, tokens: [] }
}
