import { fetchNfts } from '@portico/core'
import { useEffect } from 'react'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { shallowEqual, usePorticoSelector } from '../../hooks/usePorticoSelector.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'
import { useI18n } from '../../i18n/useI18n.js'

/** The ERC721s held, as a grid of their images. */
export function NftsTab() {
  const portico = usePortico()
  const { t } = useI18n()
  const { address } = usePorticoAccount()
  const network = usePorticoStore('network', (s) => s.caipNetwork?.caipNetworkId)
  const { nfts, loading, error } = usePorticoSelector((p) => {
    const { nfts, loading, error } = p.stores.nfts.getState()
    return { nfts, loading, error }
  }, shallowEqual)
  useEffect(() => {
    void fetchNfts(portico)
  }, [portico, address, network])

  if (loading && nfts.length === 0)
    return (
      <div className="empty">
        <Spinner size={20} label={t('nfts.loading')} />
      </div>
    )
  if (error)
    return (
      <div className="empty" role="alert" data-testid="nfts-error">
        <span className="error">{t('nfts.failed')}</span>
        <button type="button" className="button secondary" onClick={() => void fetchNfts(portico)}>
          {t('common.tryAgain')}
        </button>
      </div>
    )
  if (nfts.length === 0)
    return (
      <div className="empty" data-testid="nfts-empty">
        {t('nfts.none')}
      </div>
    )
  return (
    <ul className="nft-grid list" aria-label={t('account.nfts')} data-testid="nft-grid">
      {nfts.map((nft) => (
        <li key={`${nft.contract}:${nft.tokenId}`}>
          <figure className="nft" data-testid={`nft-${nft.tokenId}`}>
            {nft.image ? <img src={nft.image} alt="" loading="lazy" /> : <span className="placeholder" />}
            <figcaption>{nft.name}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  )
}
