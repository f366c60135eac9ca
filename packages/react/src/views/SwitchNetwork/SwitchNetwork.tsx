import { selectNetwork, type CaipNetworkId } from '@portico/core'
import { NetworkImage } from '../../components/NetworkImage.js'
import { usePortico, usePorticoStore } from '../../context.js'

/** SPEC §2 SwitchNetwork: follow the wallet's network switch; a failure shows with a retry. */
export default function SwitchNetwork() {
  const portico = usePortico()
  const caipNetworkId = usePorticoStore('router', (s) => s.data?.caipNetworkId) as CaipNetworkId | undefined
  const networks = usePorticoStore('network', (s) => s.requestedCaipNetworks)
  const switching = usePorticoStore('network', (s) => s.switching)
  const error = usePorticoStore('network', (s) => s.switchError)
  const target = networks.find((n) => n.caipNetworkId === caipNetworkId)
  return (
    <div className="center" data-testid="switch-network">
      <span className={`ring${error && !switching ? ' error' : ''}`}>
        <NetworkImage network={target} size={72} />
      </span>
      {error && !switching ? (
        <>
          <p className="title error" role="alert" data-testid="switch-error">
            {error}
          </p>
          <p className="text">Your wallet did not switch to {target?.name}.</p>
          <button type="button" className="button" onClick={() => caipNetworkId && void selectNetwork(portico, caipNetworkId)}>
            Try again
          </button>
        </>
      ) : (
        <>
          <p className="title">Approve in wallet</p>
          <p className="text">Accept the request in your wallet to switch to {target?.name}.</p>
        </>
      )}
    </div>
  )
}
