import { ChainNamespaceNames, switchActiveChain, type CaipNetworkId } from '@portico/core'
import { NetworkImage } from '../../components/NetworkImage.js'
import { usePortico, usePorticoStore } from '../../context.js'

/**
 * SPEC §2 SwitchActiveChain: the chosen network belongs to a chain family that has no wallet yet.
 * The connected wallet stays; the user can connect one of that family beside it.
 */
export default function SwitchActiveChain() {
  const portico = usePortico()
  const caipNetworkId = usePorticoStore('router', (s) => s.data?.caipNetworkId) as CaipNetworkId | undefined
  const networks = usePorticoStore('network', (s) => s.requestedCaipNetworks)
  const activeNamespace = usePorticoStore('network', (s) => s.activeNamespace)
  const target = networks.find((n) => n.caipNetworkId === caipNetworkId)
  if (!target) return null
  const family = ChainNamespaceNames[target.chainNamespace]
  return (
    <div className="center" data-testid="switch-active-chain">
      {/* No ring: nothing is pending until the user chooses to connect. */}
      <NetworkImage network={target} size={72} />
      <p className="title">Switch to {family}</p>
      <p className="text">
        Your {ChainNamespaceNames[activeNamespace]} wallet does not connect to {target.name}. Connect a {family} wallet to use it; your{' '}
        {ChainNamespaceNames[activeNamespace]} wallet stays connected.
      </p>
      <button
        type="button"
        className="button"
        data-testid="switch-active-chain-connect"
        onClick={() => switchActiveChain(portico, { caipNetworkId: target.caipNetworkId })}
      >
        Connect a {family} wallet
      </button>
    </div>
  )
}
