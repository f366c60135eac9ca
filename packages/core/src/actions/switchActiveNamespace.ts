import { parseCaipAddress, type ChainNamespace } from '../spec/caip.js'
import type { Portico } from '../portico.js'
import { NamespaceNotConfiguredError } from '../errors/namespace.js'
import { getAccount } from '../stores/account.js'

export type SwitchActiveNamespaceReturnType = void
export type SwitchActiveNamespaceErrorType = NamespaceNotConfiguredError

/**
 * Makes another chain family the active one (SPEC §3 'active namespace', stored in the browser).
 * Its network is the one its wallet is on when that namespace is connected, else the stored
 * network when it is of that namespace, else its first configured network.
 */
export function switchActiveNamespace(portico: Portico, namespace: ChainNamespace) {
  const { network } = portico.stores
  const networks = portico.options.networks.filter((n) => n.chainNamespace === namespace)
  if (networks.length === 0) throw new NamespaceNotConfiguredError({ details: `No network of ${namespace} is configured` })
  const { caipAddress } = getAccount(portico, namespace)
  const walletNetworkId = caipAddress ? parseCaipAddress(caipAddress).caipNetworkId : undefined
  const storedId = portico.storage.getActiveCaipNetworkId()
  const wallet = networks.find((n) => n.caipNetworkId === walletNetworkId)
  const caipNetwork = wallet ?? networks.find((n) => n.caipNetworkId === storedId) ?? networks[0]!
  network.setState({
    activeNamespace: namespace,
    caipNetwork,
    // A connected wallet on a chain the host did not configure stays unsupported.
    unsupported: Boolean(walletNetworkId && !wallet),
    switchError: undefined,
  })
  portico.storage.setActiveNamespace(namespace)
  portico.storage.setActiveCaipNetworkId(caipNetwork.caipNetworkId)
}
