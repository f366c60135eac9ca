import { ConnectButton, usePorticoAccount, usePorticoNetwork, usePorticoSiwx, usePorticoTheme } from '@portico/react'
import { useEffect } from 'react'
import { HostActions } from './HostActions.js'
import { lazy, Suspense } from 'react'
import { solanaLocalNetwork } from './networks.js'

const SolanaDapp = lazy(() => import('./SolanaDapp.js'))
const withSolanaDapp = new URLSearchParams(location.search).has('solanaDapp')
import './site.css'

/** A small host website: its own header and content, with Portico's button embedded. */
export function App({ testWallet }: { testWallet: boolean }) {
  const account = usePorticoAccount()
  const { caipNetwork } = usePorticoNetwork()
  const { themeMode, setThemeMode } = usePorticoTheme()
  const siwx = usePorticoSiwx()
  useEffect(() => {
    document.documentElement.dataset.theme = themeMode
  }, [themeMode])

  return (
    <div className="site">
      <header className="site-header">
        <a className="brand" href="/">
          <span className="logo" aria-hidden="true" /> Portico Demo
        </a>
        <nav>
          <button
            type="button"
            className="site-button"
            onClick={() => setThemeMode(themeMode === 'dark' ? 'light' : 'dark')}
            aria-label={`Switch to ${themeMode === 'dark' ? 'light' : 'dark'} theme`}
          >
            {themeMode === 'dark' ? 'Light' : 'Dark'} theme
          </button>
          <ConnectButton />
        </nav>
      </header>
      <main>
        <h1>A host website that embeds Portico</h1>
        <p>
          This page stands in for any site that lets its visitors connect a wallet. Everything in the modal comes from Portico; the page only adds a provider
          and a button.
        </p>
        {testWallet && (
          <p className="notice" data-testid="test-wallet-notice">
            <strong>Development wallet loaded.</strong> The <em>Portico Test Wallet</em> holds a public dev key and talks only to the local devnet. Never send
            real funds to it.
          </p>
        )}
        <section className="panel" aria-label="Connection">
          <h2>Connection</h2>
          <dl>
            <dt>Status</dt>
            <dd data-testid="site-status">{account.connectionStatus}</dd>
            <dt>Address</dt>
            <dd data-testid="site-address">{account.address ?? '—'}</dd>
            <dt>Network</dt>
            <dd data-testid="site-network">{caipNetwork?.caipNetworkId ?? '—'}</dd>
            {siwx.enabled && (
              <>
                <dt>Sign-in</dt>
                <dd data-testid="site-siwx">
                  {siwx.isSignedIn
                    ? `Signed in (${siwx.signedNetworks.at(-1) ?? caipNetwork?.caipNetworkId})`
                    : `Not signed in${siwx.required ? ' (required)' : ''}`}
                </dd>
              </>
            )}
          </dl>
        </section>
        <HostActions />
        {withSolanaDapp && (
          <Suspense fallback={null}>
            <SolanaDapp endpoint={solanaLocalNetwork.rpcUrls.default.http[0]!} />
          </Suspense>
        )}
      </main>
    </div>
  )
}
