import {
  availableSocials,
  connectMethodOrder,
  connectorsForNamespace,
  emailLoginAvailable,
  getConnectLayout,
  getMergedConnectors,
  orderConnectors,
  navigate,
  selectConnector,
  showsAllWallets,
  type ConnectExternalParameters,
} from '@portico/core'
import { Fragment, useMemo, type ReactNode } from 'react'
import { WalletIcon } from '../../components/icons.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { EmailLoginForm } from './EmailLoginForm.js'
import { SocialLogins } from './SocialLogins.js'
import { useI18n } from '../../i18n/useI18n.js'
import { shallowEqual, usePorticoSelector } from '../../hooks/usePorticoSelector.js'

/** SPEC §2 Connect: choose a connection method. Wallets are ordered by SPEC §9's connector order. */
export default function Connect() {
  const portico = usePortico()
  const { t } = useI18n()
  const connectors = usePorticoStore('connections', (s) => s.connectors)
  // Opened by SwitchActiveChain for one chain family: only its wallets, and only that family connects.
  const only = usePorticoStore('router', (s) => s.data) as Pick<ConnectExternalParameters, 'namespace' | 'caipNetworkId'> | undefined
  const namespace = only?.namespace
  // SPEC §6 legal checkbox (wallets locked until ticked) and collapse wallets; the rules are core's.
  const layout = usePorticoSelector(getConnectLayout, shallowEqual)
  // Opened from the collapsed entry: the wallets alone.
  const walletsOnly = Boolean((only as { walletsOnly?: boolean } | undefined)?.walletsOnly)
  const items = useMemo(() => {
    void connectors // recompute when the announced list changes
    const merged = getMergedConnectors(portico)
    return orderConnectors(namespace ? connectorsForNamespace(merged, namespace) : merged, {
      recentIds: portico.storage.getRecentWallets().map((w) => w.id),
      featuredIds: portico.options.featuredWalletIds,
    })
  }, [portico, connectors, namespace])

  const remoteFeatures = usePorticoStore('project', (s) => s.remoteFeatures)
  const { email, socials } = useMemo(() => {
    void remoteFeatures // the project's config decides email and socials
    if (namespace || walletsOnly) return { email: false, socials: [] }
    return { email: emailLoginAvailable(portico), socials: availableSocials(portico) }
  }, [portico, remoteFeatures, namespace, walletsOnly])

  // Opened for one family: only its browser wallets (pairing, email and social connect every family).
  const showAllWallets = showsAllWallets(portico, namespace)
  const hasWallets = items.length > 0 || showAllWallets
  if (!hasWallets && !email && socials.length === 0)
    return (
      <div className="center" data-testid="no-wallets">
        <span className="wallet-image" style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}>
          <WalletIcon width={24} height={24} />
        </span>
        <p className="title">{t('connect.noWallet')}</p>
        <p className="text">{t('connect.noWalletHelp')}</p>
      </div>
    )

  const locked = layout.walletsLocked || undefined
  const fullList = !hasWallets ? null : (
    <ul className="list" aria-label={t('connect.wallets')}>
      {items.map(({ connector, recent, group }) => (
        <li key={connector.id}>
          <button
            type="button"
            className="list-item"
            data-testid={`wallet-${connector.id}`}
            aria-disabled={locked}
            onClick={() =>
              void selectConnector(portico, { connectorId: connector.id, ...(namespace ? { namespace, caipNetworkId: only?.caipNetworkId } : {}) }).catch(
                () => {},
              )
            }
          >
            {connector.imageUrl ? (
              <img src={connector.imageUrl} alt="" />
            ) : connector.type === 'WALLET_CONNECT' ? (
              <WalletConnectLogo />
            ) : (
              <span className="wallet-image" />
            )}
            <span className="name">{connector.name}</span>
            {connector.type === 'WALLET_CONNECT' ? (
              <span className="tag accent">{t('connect.qrCode')}</span>
            ) : recent ? (
              <span className="tag accent">{t('connect.recent')}</span>
            ) : group === 'injected' ? (
              <span className="tag success">{t('connect.installed')}</span>
            ) : null}
          </button>
        </li>
      ))}
      {showAllWallets && (
        <li>
          <button
            type="button"
            className="list-item"
            data-testid="all-wallets-entry"
            aria-disabled={locked}
            onClick={() => !locked && navigate(portico, { view: 'AllWallets' })}
          >
            <span className="wallet-image" style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}>
              <WalletIcon width={22} height={22} />
            </span>
            <span className="name">{t('connect.allWallets')}</span>
          </button>
        </li>
      )}
    </ul>
  )
  const walletList =
    layout.collapseWallets && !walletsOnly && fullList ? (
      <ul className="list" aria-label={t('connect.wallets')}>
        <li>
          <button
            type="button"
            className="list-item"
            data-testid="wallets-entry"
            onClick={() => navigate(portico, { view: 'ConnectWallets', data: { walletsOnly: true } })}
          >
            <span className="wallet-image" style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}>
              <WalletIcon width={22} height={22} />
            </span>
            <span className="name">{t('common.continueWith', { name: t('connect.wallets') })}</span>
          </button>
        </li>
      </ul>
    ) : (
      fullList
    )
  if (!email && socials.length === 0) return walletList

  // SPEC §9 'Connect method order': email, social, wallet; wallet first when an injected wallet is found.
  const sections: Array<{ method: string; wallet: boolean; node: ReactNode }> = []
  for (const method of connectMethodOrder(connectors)) {
    if (method === 'email' && email) sections.push({ method, wallet: false, node: <EmailLoginForm /> })
    if (method === 'social' && socials.length) sections.push({ method, wallet: false, node: <SocialLogins providers={socials} /> })
    if (method === 'wallet' && walletList) sections.push({ method, wallet: true, node: walletList })
  }
  return (
    <div className="login" data-testid="connect-methods">
      {sections.map((section, i) => (
        <Fragment key={section.method}>
          {/* 'or' between the email/social logins and the wallets */}
          {i > 0 && sections[i - 1]!.wallet !== section.wallet && (
            <div className="login-divider" role="separator">
              {t('connect.or')}
            </div>
          )}
          {section.node}
        </Fragment>
      ))}
    </div>
  )
}

function WalletConnectLogo() {
  return (
    <svg className="wallet-image" viewBox="0 0 40 40" aria-hidden="true">
      <rect width="40" height="40" rx="10" fill="#3396ff" />
      <path
        d="M12.2 16.3c4.3-4.2 11.3-4.2 15.6 0l.5.5c.2.2.2.6 0 .8l-1.8 1.7a.3.3 0 0 1-.4 0l-.7-.7c-3-2.9-7.8-2.9-10.8 0l-.8.7a.3.3 0 0 1-.4 0l-1.8-1.7a.6.6 0 0 1 0-.8l.6-.5Zm19.3 3.6 1.6 1.5c.2.2.2.6 0 .8l-7.1 7a.6.6 0 0 1-.8 0l-5-4.9a.1.1 0 0 0-.2 0l-5 4.9a.6.6 0 0 1-.8 0l-7.1-7a.6.6 0 0 1 0-.8l1.6-1.5a.6.6 0 0 1 .8 0l5 4.9c.1.1.2.1.2 0l5-4.9a.6.6 0 0 1 .8 0l5 4.9c.1.1.2.1.2 0l5-4.9a.6.6 0 0 1 .8 0Z"
        fill="#fff"
      />
    </svg>
  )
}
