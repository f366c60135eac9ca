import { connectFarcaster, showSnack } from '@portico/core'
import { embeddedCss } from '../../components/embedded/styles.js'
import { CopyIcon } from '../../components/icons.js'
import { QrCode } from '../../components/QrCode.js'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { Sheet } from '../../styles/Sheet.js'

/**
 * SPEC §2 ConnectingFarcaster: the sign-in URL from the auth connector as a QR code to scan with
 * the Farcaster app (on a phone: a link that opens it). Going back is core's Farcaster rule.
 */
export default function ConnectingFarcaster() {
  const portico = usePortico()
  const url = usePorticoStore('connections', (s) => s.farcasterUrl)
  const status = usePorticoStore('embedded', (s) => s.socialStatus)
  const error = usePorticoStore('embedded', (s) => s.error)
  const mobile = portico.environment.isMobile()
  const copy = async () => {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      showSnack(portico, { message: 'Link copied', variant: 'success' })
    } catch {
      showSnack(portico, { message: 'Could not copy the link', variant: 'error' })
    }
  }

  if (status === 'error' && error)
    return (
      <div className="center" data-testid="connecting-farcaster">
        <Sheet css={embeddedCss} />
        <p className="title error" role="alert" data-testid="farcaster-error">
          {error}
        </p>
        <p className="text">The Farcaster sign-in did not finish. You can try again.</p>
        <button type="button" className="button" onClick={() => void connectFarcaster(portico).catch(() => {})}>
          Try again
        </button>
      </div>
    )

  return (
    <div className="center" data-testid="connecting-farcaster">
      <Sheet css={embeddedCss} />
      <div className="qr-box" aria-busy={!url}>
        {url ? (
          <QrCode value={url} size={232} label="Farcaster sign-in QR code" testId="farcaster-qr" />
        ) : (
          <div className="qr-placeholder">
            <Spinner size={28} label="Getting the sign-in code" />
          </div>
        )}
      </div>
      {status === 'connecting' ? (
        <p className="title" aria-live="polite">
          Connecting your wallet
        </p>
      ) : (
        <>
          <p className="title">Scan with your phone</p>
          <p className="text">Scan this code with your phone's camera or the Farcaster app, then approve the sign-in.</p>
        </>
      )}
      {mobile && url && (
        <a className="button" href={url} data-testid="farcaster-open">
          Open Farcaster
        </a>
      )}
      <button type="button" className="button secondary" onClick={copy} disabled={!url} data-testid="farcaster-copy">
        <CopyIcon /> Copy link
      </button>
    </div>
  )
}
