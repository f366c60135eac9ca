import { connectExternal, getMergedConnectors, orderConnectors } from '@portico/core'
import { useMemo } from 'react'
import { WalletIcon } from '../../components/icons.js'
import { usePortico, usePorticoStore } from '../../context.js'

/** SPEC §2 Connect: choose a connection method. Wallets are ordered by SPEC §9's connector order. */
export default function Connect() {
  const portico = usePortico()
  const connectors = usePorticoStore('connections', (s) => s.connectors)
  const items = useMemo(() => {
    void connectors // recompute when the announced list changes
    return orderConnectors(getMergedConnectors(portico), {
      recentIds: portico.storage.getRecentWallets().map((w) => w.id),
      featuredIds: portico.options.featuredWalletIds,
    })
  }, [portico, connectors])

  if (items.length === 0)
    return (
      <div className="center" data-testid="no-wallets">
        <span className="wallet-image" style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}>
          <WalletIcon width={24} height={24} />
        </span>
        <p className="title">No browser wallet found</p>
        <p className="text">Install a wallet extension, or open this page in your wallet's browser, then reload.</p>
      </div>
    )

  return (
    <ul className="list" aria-label="Wallets">
      {items.map(({ connector, recent, group }) => (
        <li key={connector.id}>
          <button
            className="list-item"
            data-testid={`wallet-${connector.id}`}
            onClick={() => void connectExternal(portico, { connectorId: connector.id }).catch(() => {})}
          >
            {connector.imageUrl ? <img src={connector.imageUrl} alt="" /> : <span className="wallet-image" />}
            <span className="name">{connector.name}</span>
            {recent ? (
              <span className="tag accent">Recent</span>
            ) : group === 'injected' ? (
              <span className="tag success">Installed</span>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  )
}
