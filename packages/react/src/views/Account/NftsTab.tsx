import { fetchNfts } from '@portico/core'
import { useEffect } from 'react'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { shallowEqual, usePorticoSelector } from '../../hooks/usePorticoSelector.js'
import { usePorticoAccount } from '../../hooks/usePorticoAccount.js'

/** The ERC721s held, as a grid of their images. */
export function NftsTab() {
  const portico = usePortico()
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
        <Spinner size={20} label="Loading NFTs" />
      </div>
    )
  if (error)
    return (
      <div className="empty" role="alert" data-testid="nfts-error">
        <span className="error">Could not load NFTs</span>
        <button type="button" className="button secondary" onClick={() => void fetchNfts(portico)}>
          Try again
        </button>
      </div>
    )
  if (nfts.length === 0)
    return (
      <div className="empty" data-testid="nfts-empty">
        No NFTs yet
      </div>
    )
  return (
    <ul className="nft-grid list" aria-label="NFTs" data-testid="nft-grid">
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
