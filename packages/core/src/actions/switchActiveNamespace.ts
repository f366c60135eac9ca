import type { ChainNamespace } from '../spec/caip.js'
import type { Portico } from '../portico.js'
import { NamespaceNotConfiguredError } from '../errors/connector.js'

/** Makes another chain family the active one, on its first configured network (or the stored one). */
export function switchActiveNamespace(portico: Portico, namespace: ChainNamespace) {
  const { network } = portico.stores
  const networks = portico.options.networks.filter((n) => n.chainNamespace === namespace)
  if (networks.length === 0) throw new NamespaceNotConfiguredError({ details: `No network of ${namespace} is configured` })
  const storedId = portico.storage.getActiveCaipNetworkId()
  const caipNetwork = networks.find((n) => n.caipNetworkId === storedId) ?? networks[0]!
  network.setState({ activeNamespace: namespace, caipNetwork, unsupported: false, switchError: undefined })
  portico.storage.setActiveNamespace(namespace)
  portico.storage.setActiveCaipNetworkId(caipNetwork.caipNetworkId)
}
