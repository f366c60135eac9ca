import type { CaipNetwork } from '@portico/core'
import { bip122Family } from './bitcoinWallet.js'
import { eip155Family } from './eip155Provider.js'
import type { WalletConnectFamily } from './family.js'
import { solanaFamily } from './solanaWallet.js'

/**
 * The chain families a WalletConnect session carries, in the proposal's order. The first is the
 * default: asked for (with no chains) when the host configured networks of none of them.
 * A new family adds its link file and one line here.
 */
export const walletConnectFamilies: readonly WalletConnectFamily[] = [eip155Family, solanaFamily, bip122Family]

/** The session proposal: one namespace per chain family the host configured networks of. */
export function namespacesFor(caipNetworks: readonly CaipNetwork[]) {
  const families = walletConnectFamilies
  const proposed = families
    .map((family) => ({ family, networks: caipNetworks.filter((n) => n.chainNamespace === family.namespace) }))
    .filter(({ networks }) => networks.length > 0)
  const asked = proposed.length > 0 ? proposed : families.slice(0, 1).map((family) => ({ family, networks: [] }))
  return Object.fromEntries(
    asked.map(({ family, networks }) => [
      family.namespace,
      {
        chains: networks.map((n) => n.caipNetworkId),
        methods: [...family.methods],
        events: [...family.events],
        rpcMap: family.rpcMap(networks),
      },
    ]),
  )
}
