import { selectNetwork } from '@portico/core'
import { NetworkImage } from '../../components/NetworkImage.js'
import { usePortico, usePorticoStore } from '../../context.js'

/** SPEC §2 Networks: choose a network. */
export default function Networks() {
  const portico = usePortico()
  const networks = usePorticoStore('network', (s) => s.requestedCaipNetworks)
  const current = usePorticoStore('network', (s) => s.caipNetwork?.caipNetworkId)
  const unsupported = usePorticoStore('network', (s) => s.unsupported)
  return (
    <ul className="list" aria-label="Networks">
      {networks.map((network) => {
        const active = network.caipNetworkId === current && !unsupported
        return (
          <li key={network.caipNetworkId}>
            <button
              className="list-item"
              aria-current={active}
              data-testid={`network-${network.caipNetworkId}`}
              onClick={() => void selectNetwork(portico, network.caipNetworkId).catch(() => {})}
            >
              <NetworkImage network={network} size={32} />
              <span className="name">{network.name}</span>
              {active && <span className="tag success">Active</span>}
              {network.testnet && <span className="tag">Testnet</span>}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
