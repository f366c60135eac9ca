import { connectFarcaster, showSnack } from '@portico/core'
import { embeddedCss } from '../../components/embedded/styles.js'
import { CopyIcon } from '../../components/icons.js'
import { QrCode } from '../../components/QrCode.js'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

/**
 * SPEC §2 ConnectingFarcaster: the sign-in URL from the auth connector as a QR code to scan with
 * the Farcaster app (on a phone: a link that opens it). Going back is core's Farcaster rule.
 */
export default function ConnectingFarcaster() {
  const portico = usePortico()
  const { t, message } = useI18n()
  const url = usePorticoStore('connections', (s) => s.farcasterUrl)
  const status = usePorticoStore('embedded', (s) => s.socialStatus)
  const error = usePorticoStore('embedded', (s) => s.error)
  const mobile = portico.environment.isMobile()
  const copy = async () => {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      showSnack(portico, { message: { key: 'common.linkCopied' }, variant: 'success' })
    } catch {
      showSnack(portico, { message: { key: 'common.copyFailed' }, variant: 'error' })
    }
  }

  if (status === 'error' && error)
    return (
      <div className="center" data-testid="connecting-farcaster">
        <Sheet css={embeddedCss} />
        <p className="title error" role="alert" data-testid="farcaster-error">
          {message(error)}
        </p>
        <p className="text">{t('farcaster.failed')}</p>
        <button type="button" className="button" onClick={() => void connectFarcaster(portico).catch(() => {})}>
          {t('common.tryAgain')}
        </button>
      </div>
    )

  return (
    <div className="center" data-testid="connecting-farcaster">
      <Sheet css={embeddedCss} />
      <div className="qr-box" aria-busy={!url}>
        {url ? (
          <QrCode value={url} size={232} label={t('farcaster.qrLabel')} testId="farcaster-qr" />
        ) : (
          <div className="qr-placeholder">
            <Spinner size={28} label={t('farcaster.gettingCode')} />
          </div>
        )}
      </div>
      {status === 'connecting' ? (
        <p className="title" aria-live="polite">
          {t('common.connectingWallet')}
        </p>
      ) : (
        <>
          <p className="title">{t('common.scanWithPhone')}</p>
          <p className="text">{t('farcaster.scanHelp')}</p>
        </>
      )}
      {mobile && url && (
        <a className="button" href={url} data-testid="farcaster-open">
          {t('farcaster.open')}
        </a>
      )}
      <button type="button" className="button secondary" onClick={copy} disabled={!url} data-testid="farcaster-copy">
        <CopyIcon /> {t('common.copyLink')}
      </button>
    </div>
  )
}
