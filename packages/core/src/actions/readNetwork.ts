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

export type ReadNetworkReturnType = WatchedNetwork
export type ReadNetworkErrorType = never

/** The active network of the instance. */
export function readNetwork(portico: Portico): ReadNetworkReturnType {
  const { activeNamespace, caipNetwork, unsupported } = portico.stores.network.getState()
  return {
    namespace: activeNamespace,
    caipNetwork,
    caipNetworkId: caipNetwork?.caipNetworkId,
    chainId: caipNetwork?.id,
    unsupported,
  }
}
