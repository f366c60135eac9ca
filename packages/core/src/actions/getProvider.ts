import type { ChainNamespace } from '../caip.js'
import { ProviderErrorCode, ProviderRpcError, toProviderRpcError } from '../errors/provider.js'
import type { Portico } from '../portico.js'
import { requestConnection } from './requestConnection.js'
import { switchNetwork } from './switchNetwork.js'
import { readAccount, type WatchedAccount } from './watchAccount.js'

export type Eip1193Event = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect' | 'message'
type Listener = (...args: any[]) => void

/** EIP-1193: what `getProvider(portico, 'eip155')` returns. viem's `custom(provider)` takes it as is. */
export interface PorticoEip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: Eip1193Event, listener: Listener): PorticoEip1193Provider
  removeListener(event: Eip1193Event, listener: Listener): PorticoEip1193Provider
  readonly isPortico: true
}

export type GetProviderReturnType = PorticoEip1193Provider | undefined

/**
 * Methods that spend or sign for one chain: refused while the wallet is on a chain the host
 * did not configure (SPEC 'allowUnsupportedChain'), as the modal's own send is.
 */
const CHAIN_BOUND_METHODS = new Set([
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_sendRawTransaction',
  'eth_signTypedData_v4',
  'wallet_sendCalls',
  'eth_sendUserOperation',
])

/**
 * The active connection's provider for a chain family, whatever the connection method: a
 * browser wallet, a WalletConnect session or the embedded wallet. The same object is returned
 * for the life of the instance (listeners survive reconnects); `undefined` while nothing is
 * connected in that namespace. Only eip155 (EIP-1193) has a provider today.
 */
export function getProvider(portico: Portico, namespace: ChainNamespace = 'eip155'): GetProviderReturnType {
  if (namespace !== 'eip155' || !portico.adapters.has(namespace)) return undefined
  let provider = portico.publicProviders.get(namespace) as PorticoEip1193Provider | undefined
  if (!provider) {
    provider = createEip1193Provider(portico, namespace)
    portico.publicProviders.set(namespace, provider)
  }
  return readAccount(portico, namespace).isConnected ? provider : undefined
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

  let last = readAccount(portico, namespace)
  const onAccount = () => {
    const next = readAccount(portico, namespace)
    const before = last
    last = next
    if (!before.isConnected && next.isConnected) {
      emit('connect', { chainId: hex(next.chainId) })
      emit('accountsChanged', next.addresses)
    } else if (before.isConnected && !next.isConnected) {
      emit('accountsChanged', [])
      emit('disconnect', new ProviderRpcError(ProviderErrorCode.disconnected, 'The wallet disconnected'))
    } else if (next.isConnected) {
      if (next.addresses.join() !== before.addresses.join()) emit('accountsChanged', next.addresses)
      if (next.chainId !== before.chainId) emit('chainChanged', hex(next.chainId))
    }
  }
  portico.cleanups.push(portico.stores.account.subscribe(onAccount), portico.stores.connections.subscribe(onAccount))

  async function request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    if (typeof method !== 'string' || !method)
      throw new ProviderRpcError(ProviderErrorCode.invalidParams, 'A request needs a method name')
    const account = readAccount(portico, namespace)
    switch (method) {
      case 'eth_accounts':
        return account.isConnected ? account.addresses : []
      case 'eth_requestAccounts':
        // A host asking for accounts while disconnected opens the modal, as a wallet would prompt.
        return (await requestConnection(portico, { namespace }).catch(rejected)).addresses
      case 'eth_chainId':
        if (!account.isConnected) throw disconnected()
        return hex(account.chainId)
      case 'wallet_switchEthereumChain':
        if (!account.isConnected) throw disconnected()
        return switchChain(params)
    }
    if (!account.isConnected) throw disconnected()
    const { unsupported } = portico.stores.network.getState()
    if (unsupported && !portico.options.allowUnsupportedChain && CHAIN_BOUND_METHODS.has(method))
      throw new ProviderRpcError(ProviderErrorCode.chainDisconnected, `The wallet is on chain ${account.chainId}, which this site does not support`)
    const wallet = walletProvider(account)
    try {
      return await wallet.request(params === undefined ? { method } : { method, params })
    } catch (error) {
      throw toProviderRpcError(error)
    }
  }

  /** Through Portico's own switch, so the modal, the stores and the wallet agree. */
  async function switchChain(params: unknown) {
    const chainId = Number.parseInt((Array.isArray(params) ? (params[0] as { chainId?: unknown })?.chainId : undefined) as string, 16)
    if (!Number.isSafeInteger(chainId))
      throw new ProviderRpcError(ProviderErrorCode.invalidParams, 'wallet_switchEthereumChain needs [{ chainId: hex }]')
    const target = portico.options.networks.find((n) => n.chainNamespace === namespace && Number(n.id) === chainId)
    if (!target) {
      if (!portico.options.allowUnsupportedChain)
        throw new ProviderRpcError(ProviderErrorCode.unrecognizedChain, `Chain ${chainId} is not configured on this site`)
      return walletProvider(readAccount(portico, namespace)).request({ method: 'wallet_switchEthereumChain', params }).catch((error) => {
        throw toProviderRpcError(error)
      })
    }
    try {
      await switchNetwork(portico, { caipNetworkId: target.caipNetworkId })
    } catch (error) {
      // SwitchNetworkError wraps the wallet's answer; its code (4001, 4902, …) is what a host needs.
      throw toProviderRpcError(error instanceof Error && error.cause ? error.cause : error)
    }
    return null
  }

  function walletProvider(account: WatchedAccount) {
    const adapter = portico.adapters.get(namespace)
    const wallet = account.connectorId ? adapter?.getProvider?.(account.connectorId) : undefined
    if (!isEip1193(wallet)) throw new ProviderRpcError(ProviderErrorCode.disconnected, 'The connected wallet has no provider')
    return wallet
  }

  const provider: PorticoEip1193Provider = {
    isPortico: true,
    request,
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }
  return provider
}

function disconnected() {
  return new ProviderRpcError(ProviderErrorCode.disconnected, 'No wallet is connected')
}

function rejected(error: unknown): never {
  throw new ProviderRpcError(ProviderErrorCode.userRejectedRequest, 'User rejected the request.', { cause: error })
}

function isEip1193(value: unknown): value is { request(args: { method: string; params?: unknown }): Promise<unknown> } {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function'
}
