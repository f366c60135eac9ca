import { ChainNamespaceNames, errorDisplayMessage, getWalletConnections, navigate, showSnack, switchConnection, type WalletConnection } from '@portico/core'
import { usePortico, usePorticoStore } from '../../context.js'
import { shallowEqual, usePorticoSelector } from '../../hooks/usePorticoSelector.js'
import { ConnectionItem } from './ConnectionItem.js'
import { useI18n } from '../../i18n/useI18n.js'

/** SPEC §4 'Switching between connections': the connections per namespace with their status. */
export default function ProfileWallets() {
  const portico = usePortico()
  const { t } = useI18n()
  // The list is made from these (and the stored disconnected wallets): re-render when they change.
  usePorticoSelector((p) => {
    const { connections, activeConnectorIds } = p.stores.connections.getState()
    return { connections, activeConnectorIds }
  }, shallowEqual)
  const multiWallet = usePorticoStore('project', (s) => s.remoteFeatures.multiWallet)
  const connections = getWalletConnections(portico)
  const namespaces = [...new Set(connections.map((c) => c.namespace))]
  const choose = (connection: WalletConnection, address?: string) =>
    void switchConnection(portico, {
      connection,
      address,
      onChange: ({ hasSwitchedAccount, hasSwitchedWallet }) => {
        if (hasSwitchedWallet) showSnack(portico, { message: { key: 'wallets.switched' }, variant: 'success' })
        else if (hasSwitchedAccount) showSnack(portico, { message: { key: 'wallets.accountSwitched' }, variant: 'success' })
      },
    }).catch((error) => showSnack(portico, { message: errorDisplayMessage(error), variant: 'error' }))
  return (
    <div data-testid="profile-wallets">
      {namespaces.map((namespace) => (
        <section key={namespace} aria-label={ChainNamespaceNames[namespace]}>
          {namespaces.length > 1 && (
            <h3 className="text" style={{ margin: '4px 4px 8px' }}>
              {ChainNamespaceNames[namespace]}
            </h3>
          )}
          <ul className="list">
            {connections
              .filter((c) => c.namespace === namespace)
              .map((connection) => (
                <ConnectionItem key={connection.connectorId} connection={connection} onChoose={choose} />
              ))}
          </ul>
        </section>
      ))}
      {multiWallet && (
        <button
          type="button"
          className="button secondary full"
          style={{ marginTop: 12 }}
          onClick={() => navigate(portico, { view: 'ConnectWallets' })}
          data-testid="add-wallet"
        >
          {t('wallets.add')}
        </button>
      )}
    </div>
  )
}
