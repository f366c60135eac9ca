import { connectWalletConnect, formatNativeUrl, formatUniversalUrl, showSnack } from '@portico/core'
import { useEffect } from 'react'
import { CopyIcon } from '../../components/icons.js'
import { QrCode } from '../../components/QrCode.js'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'

/**
 * SPEC §2: follow a pairing. Desktop shows the QR code to scan; on a phone the chosen wallet
 * opens by its deep link. The URI regenerates on expiry (core), so the QR always works.
 */
export default function ConnectingWalletConnect({ basic = false }: { basic?: boolean }) {
  const portico = usePortico()
  const uri = usePorticoStore('walletConnect', (s) => s.wcUri)
  const loading = usePorticoStore('walletConnect', (s) => s.wcLoading)
  const error = usePorticoStore('walletConnect', (s) => s.wcError)
  const wallet = usePorticoStore('walletConnect', (s) => s.recentWallet)
  const status = usePorticoStore('connections', (s) => s.status)
  const mobile = portico.environment.isMobile()

  // ConnectingWalletConnectBasic (opening rule 2) starts the pairing itself.
  useEffect(() => {
    if (basic && !uri && status !== 'connecting') void connectWalletConnect(portico, { navigate: false }).catch(() => {})
  }, [basic]) // eslint-disable-line react-hooks/exhaustive-deps

  const retry = () => void connectWalletConnect(portico, { wallet, navigate: false }).catch(() => {})
  const copy = async () => {
    if (!uri) return
    try {
      await navigator.clipboard.writeText(uri)
      showSnack(portico, { message: 'Link copied', variant: 'success' })
    } catch {
      showSnack(portico, { message: 'Could not copy the link', variant: 'error' })
    }
  }

  if (error)
    return (
      <div className="center" data-testid="connecting-wc">
        <p className="title error" role="alert">
          {error}
        </p>
        <p className="text">The pairing did not complete. You can try again.</p>
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      </div>
    )

  const deepLink = uri && wallet?.mobile_link ? formatNativeUrl(wallet.mobile_link, uri) : undefined
  const webLink = uri && wallet?.webapp_link ? formatUniversalUrl(wallet.webapp_link, uri) : undefined

  return (
    <div className="center" data-testid="connecting-wc">
      {mobile && wallet ? (
        <>
          <span className="ring">{wallet.image_url ? <img src={wallet.image_url} alt="" /> : <span className="wallet-image" />}</span>
          <p className="title">Continue in {wallet.name}</p>
          <p className="text">Accept the connection request in the wallet app.</p>
          {deepLink && (
            <a className="button" href={deepLink.href} data-testid="wc-deep-link">
              Open {wallet.name}
            </a>
          )}
          {webLink && (
            <a className="button secondary" href={webLink.href} target="_blank" rel="noreferrer noopener">
              Open in browser
            </a>
          )}
        </>
      ) : (
        <>
          <div className="qr-box" aria-busy={!uri || loading}>
            {uri ? (
              <QrCode value={uri} size={232} label="WalletConnect QR code" testId="wc-qr" />
            ) : (
              <div className="qr-placeholder">
                <Spinner size={28} label="Generating QR code" />
              </div>
            )}
          </div>
          <p className="title">Scan with your phone</p>
          <p className="text">Open a WalletConnect-compatible wallet and scan this code to connect.</p>
        </>
      )}
      <button type="button" className="button secondary" onClick={copy} disabled={!uri} data-testid="wc-copy">
        <CopyIcon /> Copy link
      </button>
    </div>
  )
}
