import type { CaipNetworkId, ChainNamespace } from '../spec/caip.js'
import type { CaipNetwork } from '../networks.js'
import type { Portico } from '../portico.js'

/** The active network as a host sees it. */
export interface WatchedNetwork {
  namespace: ChainNamespace
  /** The active configured network (the last supported one while the wallet is elsewhere). */
  caipNetwork: CaipNetwork | undefined
  caipNetworkId: CaipNetworkId | undefined
  chainId: number | string | undefined
  /** The wallet is on a chain the host did not configure. */
  unsupported: boolean
}

export type WatchNetworkReturnType = () => void

export function readNetwork(portico: Portico): WatchedNetwork {
  const { activeNamespace, caipNetwork, unsupported } = portico.stores.network.getState()
  return {
    namespace: activeNamespace,
    caipNetwork,
    caipNetworkId: caipNetwork?.caipNetworkId,
    chainId: caipNetwork?.id,
    unsupported,
  }
}

/**
 * Calls `onChange(network, previous)` whenever the active network changes (a switch in the
 * modal, in the wallet, or to another chain family). Returns the unsubscribe.
 */
export function watchNetwork(portico: Portico, onChange: (network: WatchedNetwork, previous: WatchedNetwork) => void): WatchNetworkReturnType {
  let previous = readNetwork(portico)
  return portico.stores.network.subscribe(() => {
    const next = readNetwork(portico)
    if (next.caipNetworkId === previous.caipNetworkId && next.namespace === previous.namespace && next.unsupported === previous.unsupported) return
    const before = previous
    previous = next
    onChange(next, before)
  })
}
