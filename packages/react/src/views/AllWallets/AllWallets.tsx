import { connectWalletConnect, fetchWallets, searchWallets, type WalletListItem } from '@portico/core'
import { useEffect, useRef, useState } from 'react'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { useI18n } from '../../i18n/useI18n.js'

/** SPEC §2 AllWallets: browse (infinite scroll, 40 a page) and search (100 entries, after 300 ms) the registry. */
export default function AllWallets() {
  const portico = usePortico()
  const { t, message } = useI18n()
  const wallets = usePorticoStore('wallets', (s) => s.wallets)
  const loading = usePorticoStore('wallets', (s) => s.loading)
  const error = usePorticoStore('wallets', (s) => s.error)
  const search = usePorticoStore('wallets', (s) => s.search)
  const [text, setText] = useState(search.query)
  const sentinel = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (portico.stores.wallets.getState().page === 0) void fetchWallets(portico)
  }, [portico])
  useEffect(() => {
    const element = sentinel.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !search.query) void fetchWallets(portico)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [portico, search.query])

  const shown = search.query ? search.results : wallets
  const pick = (wallet: WalletListItem) =>
    void connectWalletConnect(portico, {
      wallet: { id: wallet.id, name: wallet.name, image_url: wallet.image_url, mobile_link: wallet.mobile_link, webapp_link: wallet.webapp_link },
    }).catch(() => {})

  return (
    <div data-testid="all-wallets">
      <input
        className="input"
        type="search"
        placeholder={t('allWallets.search')}
        aria-label={t('allWallets.search')}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          searchWallets(portico, { text: event.target.value })
        }}
      />
      {error && (
        <p className="text error" role="alert">
          {message(error)}
        </p>
      )}
      <ul className="wallet-grid" aria-label={t('allWallets.list')} aria-busy={loading || search.loading}>
        {shown.map((wallet) => (
          <li key={wallet.id}>
            <button type="button" className="wallet-tile" onClick={() => pick(wallet)} data-testid={`all-wallet-${wallet.id}`}>
              {wallet.image_url ? <img src={wallet.image_url} alt="" /> : <span className="wallet-image" />}
              <span>{wallet.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {(loading || search.loading) && (
        <div className="center">
          <Spinner size={22} label={t('allWallets.loading')} />
        </div>
      )}
      {!loading && !search.loading && search.query && shown.length === 0 && <p className="text center">{t('allWallets.none')}</p>}
      <div ref={sentinel} style={{ height: 1 }} />
    </div>
  )
}
