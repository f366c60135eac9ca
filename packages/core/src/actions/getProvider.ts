import type { ChainNamespace } from '../spec/caip.js'
import type { Portico } from '../portico.js'
import { watchedAccount, type WatchedAccount } from '../selectors/accountSelectors.js'
import type { Eip1193Event, GetProviderReturnType, PorticoBitcoinProvider, PorticoEip1193Provider, SolanaWalletProvider } from '../provider/types.js'

type Listener = (...args: any[]) => void

export type { Eip1193Event, GetProviderReturnType, PorticoEip1193Provider, SolanaWalletProvider } from '../provider/types.js'

export type GetProviderErrorType = never

/**
 * The active connection's provider for a chain family, whatever the connection method: a
 * browser wallet, a WalletConnect session or the embedded wallet; `undefined` while nothing is
 * connected in that namespace. eip155: core's EIP-1193 provider, the same object for the life of
 * the instance (listeners survive reconnects); getting it loads nothing heavy (the switch and
 * connect paths load on their first request). Every other family: its adapter's provider of the
 * active connection (solana: the connection's Wallet Standard wallet), so a new family's provider
 * needs no line here. (EIP-1193 is the one provider standard core implements itself; reading the
 * family records here would put them all in the page's first load.)
 */
export function getProvider(portico: Portico, namespace: 'solana'): SolanaWalletProvider | undefined
export function getProvider(portico: Portico, namespace: 'bip122'): PorticoBitcoinProvider | undefined
export function getProvider(portico: Portico, namespace?: ChainNamespace): GetProviderReturnType
export function getProvider(portico: Portico, namespace: ChainNamespace = 'eip155'): GetProviderReturnType | SolanaWalletProvider | PorticoBitcoinProvider {
  if (namespace !== 'eip155') return connectionWallet(portico, namespace)
  if (!portico.adapters.has(namespace)) return undefined
  let provider = portico.publicProviders.get(namespace) as PorticoEip1193Provider | undefined
  if (!provider) {
    provider = createEip1193Provider(portico, namespace)
    portico.publicProviders.set(namespace, provider)
  }
  return watchedAccount(portico, namespace).isConnected ? provider : undefined
}

/** The adapter's provider of the namespace's active connection (a Solana connection's Wallet Standard wallet, a Bitcoin one's PorticoBitcoinProvider). */
function connectionWallet(portico: Portico, namespace: ChainNamespace): SolanaWalletProvider | PorticoBitcoinProvider | undefined {
  const connectorId = portico.stores.connections.getState().activeConnectorIds[namespace]
  if (!connectorId || !watchedAccount(portico, namespace).isConnected) return undefined
  return portico.adapters.get(namespace)?.getProvider?.(connectorId) as SolanaWalletProvider | PorticoBitcoinProvider | undefined
}

function createEip1193Provider(portico: Portico, namespace: ChainNamespace): PorticoEip1193Provider {
  const listeners = new Map<Eip1193Event, Set<Listener>>()
  const emit = (event: Eip1193Event, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        portico.logger.error(`a ${event} listener threw`, error)
      }
    }
  }
  const hex = (chainId: WatchedAccount['chainId']) => `0x${Number(chainId).toString(16)}`

  const onAccount = (next: WatchedAccount, before: WatchedAccount) => {
    if (!before.isConnected && next.isConnected) {
      emit('connect', { chainId: hex(next.chainId) })
      emit('accountsChanged', next.addresses)
    } else if (before.isConnected && !next.isConnected) {
      emit('accountsChanged', [])
      // EIP-1193: disconnect carries a ProviderRpcError with code 4900.
      emit('disconnect', Object.assign(new Error('The wallet disconnected'), { name: 'ProviderRpcError', code: 4900 }))
    } else if (next.isConnected) {
      if (next.addresses.join() !== before.addresses.join()) emit('accountsChanged', next.addresses)
      if (next.chainId !== before.chainId) emit('chainChanged', hex(next.chainId))
    }
  }
  // The stores are watched while someone listens, independent of the instance's cleanups: a
  // React provider's unmount and remount (StrictMode) must not silence a provider a host kept.
  let stopWatching: (() => void) | undefined
  const listening = () => [...listeners.values()].some((set) => set.size > 0)
  const updateWatching = () => {
    if (listening() && !stopWatching) stopWatching = portico.subscribe((p) => watchedAccount(p, namespace), onAccount)
    else if (!listening() && stopWatching) {
      stopWatching()
      stopWatching = undefined
    }
  }

  const provider: PorticoEip1193Provider = {
    isPortico: true,
    // The request paths (switch, connect, error mapping) load on the first request.
    request: async (args) => (await import('./internal/eip1193Request.js')).eip1193Request(portico, namespace, args),
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
      updateWatching()
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      updateWatching()
      return provider
    },
  }
  return provider
}
