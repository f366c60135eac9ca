import { getProvider, readAccount, type ChainNamespace, type GetProviderReturnType, type PorticoBitcoinProvider } from '@portico/core'
import { useCallback, useSyncExternalStore } from 'react'
import { usePortico } from '../context.js'

/**
 * The active connection's provider for a chain family (EIP-1193 on eip155), or undefined while
 * nothing is connected there; re-renders when a wallet connects or disconnects.
 */
export function usePorticoProvider(namespace: 'bip122'): PorticoBitcoinProvider | undefined
export function usePorticoProvider(namespace?: ChainNamespace): GetProviderReturnType
export function usePorticoProvider(namespace: ChainNamespace = 'eip155'): GetProviderReturnType | PorticoBitcoinProvider {
  const portico = usePortico()
  const subscribe = useCallback(
    (onChange: () => void) => {
      const stops = [portico.stores.account.subscribe(onChange), portico.stores.connections.subscribe(onChange)]
      return () => stops.forEach((stop) => stop())
    },
    [portico],
  )
  const connected = useSyncExternalStore(
    subscribe,
    () => readAccount(portico, { namespace }).isConnected,
    () => false,
  )
  return connected ? getProvider(portico, namespace as ChainNamespace) : undefined
}
