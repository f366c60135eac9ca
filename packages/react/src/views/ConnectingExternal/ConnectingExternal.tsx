import { connectExternal, findConnector, type ConnectExternalParameters } from '@portico/core'
import { usePortico, usePorticoStore } from '../../context.js'

/** SPEC §2: follow an external (browser wallet) connection: pending, then rejected with retry. */
export default function ConnectingExternal() {
  const portico = usePortico()
  const connectorId = usePorticoStore('router', (s) => s.data?.connectorId)
  const error = usePorticoStore('connections', (s) => s.connectError)
  usePorticoStore('connections', (s) => s.connectors)
  const connector = connectorId ? findConnector(portico, connectorId) : undefined
  const name = connector?.name ?? 'your wallet'
  const only = usePorticoStore('router', (s) => s.data) as Pick<ConnectExternalParameters, 'namespace' | 'caipNetworkId'> | undefined
  const retry = () =>
    connectorId && void connectExternal(portico, { connectorId, namespace: only?.namespace, caipNetworkId: only?.caipNetworkId }).catch(() => {})

  return (
    <div className="center" data-testid="connecting-external">
      <span className={`ring${error ? ' error' : ''}`}>
        {connector?.imageUrl ? <img src={connector.imageUrl} alt="" /> : <span className="wallet-image" />}
      </span>
      {error ? (
        <>
          <p className="title error" role="alert">
            {error}
          </p>
          <p className="text">The connection was declined or failed. You can try again.</p>
          <button type="button" className="button" onClick={retry} data-testid="connect-retry">
            Try again
          </button>
        </>
      ) : (
        <>
          <p className="title" aria-live="polite">
            Continue in {name}
          </p>
          <p className="text">Accept the connection request in the wallet.</p>
        </>
      )}
    </div>
  )
}
