import { switchNetwork, type CaipNetworkId } from '@portico/core'
import { useCallback } from 'react'
import { usePortico, usePorticoStore } from '../context.js'

/** The active network and a way to switch it. */
export function usePorticoNetwork() {
  const portico = usePortico()
  const caipNetwork = usePorticoStore('network', (s) => s.caipNetwork)
  const unsupported = usePorticoStore('network', (s) => s.unsupported)
  const networks = usePorticoStore('network', (s) => s.requestedCaipNetworks)
  const switchTo = useCallback((caipNetworkId: CaipNetworkId) => switchNetwork(portico, { caipNetworkId }), [portico])
  return { caipNetwork, networks, unsupported, switchNetwork: switchTo }
}
