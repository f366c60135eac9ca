import { parseCaipAddress, type CaipAddress, type ChainNamespace } from '../spec/caip.js'
import type { Portico } from '../portico.js'
import type { AccountState } from '../stores/account.js'
import { getAccount } from '../stores/account.js'

/** The account a host follows: who is connected, on which chain, through which connector. */
export interface WatchedAccount {
  namespace: ChainNamespace
  address: string | undefined
  /** Every account of the connection (the first is `address`). */
  addresses: string[]
  caipAddress: CaipAddress | undefined
  /** The chain the wallet is on (a number on eip155, the CAIP-2 reference elsewhere). */
  chainId: number | string | undefined
  status: AccountState['status']
  isConnected: boolean
  connectorId: string | undefined
}

/**
 * The account of one namespace as a host sees it (what readAccount and watchAccount answer); positional, for the
 * first load's own callers (the public provider).
 */
export function watchedAccount(portico: Portico, namespace: ChainNamespace = 'eip155'): WatchedAccount {
  const account = getAccount(portico, namespace)
  const { connections, activeConnectorIds } = portico.stores.connections.getState()
  const connectorId = activeConnectorIds[namespace]
  const connection = connections[namespace]?.find((c) => c.connectorId === connectorId)
  const reference = account.caipAddress ? parseCaipAddress(account.caipAddress).reference : undefined
  // Connecting and disconnecting touch two stores; a half-written state counts as not connected.
  // A live connection re-checked by a second initialize() (React StrictMode) stays connected.
  const isConnected = Boolean(account.address && connectorId) && (account.status === 'connected' || account.status === 'reconnecting')
  const status = isConnected ? 'connected' : account.status === 'connected' ? 'disconnected' : account.status
  if (!isConnected)
    return { namespace, address: undefined, addresses: [], caipAddress: undefined, chainId: undefined, status, isConnected, connectorId: undefined }
  const address = account.address!
  // The wallet's other accounts follow, when the connection still lists the active one.
  const others = connection?.accounts.map((a) => a.address) ?? []
  const listed = others.some((a) => a.toLowerCase() === address.toLowerCase())
  return {
    namespace,
    address,
    addresses: listed ? [address, ...others.filter((a) => a.toLowerCase() !== address.toLowerCase())] : [address],
    caipAddress: account.caipAddress,
    chainId: reference === undefined ? undefined : namespace === 'eip155' ? Number(reference) : reference,
    status,
    isConnected,
    connectorId,
  }
}
