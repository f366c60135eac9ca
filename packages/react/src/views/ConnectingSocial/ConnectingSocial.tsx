import { connectSocial, type SocialProvider } from '@portico/core'
import { embeddedCss } from '../../components/embedded/styles.js'
import { SocialIcon, socialNames } from '../../components/embedded/SocialIcon.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { Sheet } from '../../styles/Sheet.js'

/** The social popup's waiting view: continue in the popup; then connecting; or the error with a retry. */
export default function ConnectingSocial() {
  const portico = usePortico()
  const current = usePorticoStore('embedded', (s) => s.socialProvider)
  const requested = usePorticoStore('router', (s) => s.data?.provider) as SocialProvider | undefined
  const provider = current ?? requested
  const status = usePorticoStore('embedded', (s) => s.socialStatus)
  const error = usePorticoStore('embedded', (s) => s.error)
  if (!provider) return null
  const name = socialNames[provider]
  return (
    <div className="center" data-testid="connecting-social">
      <Sheet css={embeddedCss} />
      <span className={`ring social-ring${status === 'error' ? ' error' : ''}`}>
        <SocialIcon provider={provider} />
      </span>
      {status === 'error' ? (
        <>
          <p className="title error" role="alert" data-testid="social-error">
            {error}
          </p>
          <p className="text">The sign-in with {name} did not finish. You can try again.</p>
          {/* The retry opens the popup inside this click. */}
          <button type="button" className="button" onClick={() => void connectSocial(portico, { provider }).catch(() => {})} data-testid="social-retry">
            Try again
          </button>
        </>
      ) : status === 'connecting' ? (
        <>
          <p className="title" aria-live="polite">
            Connecting your wallet
          </p>
          <p className="text">Signed in with {name}. Your wallet is being opened in the secure frame.</p>
        </>
      ) : (
        <>
          <p className="title" aria-live="polite">
            Continue with {name}
          </p>
          <p className="text">Sign in with {name} in the window that opened. This window continues by itself.</p>
        </>
      )}
    </div>
  )
}
