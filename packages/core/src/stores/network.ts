import { createStore } from 'zustand/vanilla'
import type { CaipNetworkId, ChainNamespace } from '../spec/caip.js'
import type { CaipNetwork } from '../networks.js'
import type { Message } from '../i18n/message.js'

/** SPEC §3 'Network state' plus the active namespace. */
export interface NetworkState {
  activeNamespace: ChainNamespace
  caipNetwork: CaipNetwork | undefined
  requestedCaipNetworks: readonly CaipNetwork[]
  approvedCaipNetworkIds: CaipNetworkId[]
  supportsAllNetworks: boolean
  /** The wallet is on a chain the host did not configure. */
  unsupported: boolean
  switching: boolean
  /** Why the wallet did not switch (its key and parameters). */
  switchError: Message | undefined
}

export function createNetworkStore(initial: Pick<NetworkState, 'activeNamespace' | 'caipNetwork' | 'requestedCaipNetworks'>) {
  return createStore<NetworkState>(() => ({
    ...initial,
    approvedCaipNetworkIds: [],
    supportsAllNetworks: true,
    unsupported: false,
    switching: false,
    switchError: undefined,
  }))
}
export type NetworkStore = ReturnType<typeof createNetworkStore>
