import { connectWalletConnect, formatNativeUrl, formatUniversalUrl, showSnack } from '@portico/core'
import { useEffect } from 'react'
import { CopyIcon } from '../../components/icons.js'
import { QrCode } from '../../components/QrCode.js'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { useI18n } from '../../i18n/useI18n.js'

/**
 * SPEC §2: follow a pairing. Desktop shows the QR code to scan; on a phone the chosen wallet
 * opens by its deep link. The URI regenerates on expiry (core), so the QR always works.
 */
export default function ConnectingWalletConnect({ basic = false }: { basic?: boolean }) {
  const portico = usePortico()
  const { t, message } = useI18n()
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
      showSnack(portico, { message: { key: 'common.linkCopied' }, variant: 'success' })
    } catch {
      showSnack(portico, { message: { key: 'common.copyFailed' }, variant: 'error' })
    }
  }

  if (error)
    return (
      <div className="center" data-testid="connecting-wc">
        <p className="title error" role="alert">
          {message(error)}
        </p>
        <p className="text">{t('wc.pairingFailed')}</p>
        <button type="button" className="button" onClick={retry}>
          {t('common.tryAgain')}
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
          <p className="title">{t('common.continueIn', { name: wallet.name })}</p>
          <p className="text">{t('wc.acceptInApp')}</p>
          {deepLink && (
            <a className="button" href={deepLink.href} data-testid="wc-deep-link">
              {t('wc.open', { name: wallet.name })}
            </a>
          )}
          {webLink && (
            <a className="button secondary" href={webLink.href} target="_blank" rel="noreferrer noopener">
              {t('wc.openInBrowser')}
            </a>
          )}
        </>
      ) : (
        <>
          <div className="qr-box" aria-busy={!uri || loading}>
            {uri ? (
              <QrCode value={uri} size={232} label={t('wc.qrLabel')} testId="wc-qr" />
            ) : (
              <div className="qr-placeholder">
                <Spinner size={28} label={t('wc.generating')} />
              </div>
            )}
          </div>
          <p className="title">{t('common.scanWithPhone')}</p>
          <p className="text">{t('wc.scanHelp')}</p>
        </>
      )}
      <button type="button" className="button secondary" onClick={copy} disabled={!uri} data-testid="wc-copy">
        <CopyIcon /> {t('common.copyLink')}
      </button>
    </div>
  )
}
