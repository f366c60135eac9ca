import { connectExternal, findConnector, type ConnectExternalParameters } from '@portico/core'
import { usePortico, usePorticoStore } from '../../context.js'
import { useI18n } from '../../i18n/useI18n.js'

/** SPEC §2: follow an external (browser wallet) connection: pending, then rejected with retry. */
export default function ConnectingExternal() {
  const portico = usePortico()
  const { t, message } = useI18n()
  const connectorId = usePorticoStore('router', (s) => s.data?.connectorId)
  const error = usePorticoStore('connections', (s) => s.connectError)
  usePorticoStore('connections', (s) => s.connectors)
  const connector = connectorId ? findConnector(portico, { connectorId }) : undefined
  const name = connector?.name ?? t('connecting.yourWallet')
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
            {message(error)}
          </p>
          <p className="text">{t('connecting.declined')}</p>
          <button type="button" className="button" onClick={retry} data-testid="connect-retry">
            {t('common.tryAgain')}
          </button>
        </>
      ) : (
        <>
          <p className="title" aria-live="polite">
            {t('common.continueIn', { name })}
          </p>
          <p className="text">{t('connecting.accept')}</p>
        </>
      )}
    </div>
  )
}
