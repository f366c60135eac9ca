import { toCaipAddress, type CaipNetworkId, type ChainNamespace } from '../../spec/caip.js'
import type { Portico } from '../../portico.js'
import { getAccount, setAccount } from '../../stores/account.js'
import { syncUnsupportedChainView } from './syncUnsupportedChainView.js'

/**
 * The wallet reports which chain it is on. A configured chain becomes the active network; any
 * other marks the network unsupported (the unsupported-chain view decides what the user sees).
 */
export function setActiveNetworkFromWallet(portico: Portico, namespace: ChainNamespace, caipNetworkId: CaipNetworkId) {
  const { network } = portico.stores
  const known = portico.options.networks.find((n) => n.caipNetworkId === caipNetworkId)
  const address = getAccount(portico, namespace).address
  if (address) setAccount(portico, namespace, { caipAddress: toCaipAddress(caipNetworkId, address) })
  if (network.getState().activeNamespace !== namespace) return
  if (known) {
    network.setState({ caipNetwork: known, unsupported: false })
    portico.storage.setActiveCaipNetworkId(caipNetworkId)
  } else {
    network.setState({ unsupported: true })
  }
  syncUnsupportedChainView(portico)
}
