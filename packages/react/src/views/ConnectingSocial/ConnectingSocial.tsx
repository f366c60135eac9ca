import { connectSocial, type SocialProvider } from '@portico/core'
import { embeddedCss } from '../../components/embedded/styles.js'
import { SocialIcon, socialNames } from '../../components/embedded/SocialIcon.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

/** The social popup's waiting view: continue in the popup; then connecting; or the error with a retry. */
export default function ConnectingSocial() {
  const portico = usePortico()
  const { t, message } = useI18n()
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
            {error && message(error)}
          </p>
          <p className="text">{t('social.failed', { name })}</p>
          {/* The retry opens the popup inside this click. */}
          <button type="button" className="button" onClick={() => void connectSocial(portico, { provider }).catch(() => {})} data-testid="social-retry">
            {t('common.tryAgain')}
          </button>
        </>
      ) : status === 'connecting' ? (
        <>
          <p className="title" aria-live="polite">
            {t('common.connectingWallet')}
          </p>
          <p className="text">{t('social.openingFrame', { name })}</p>
        </>
      ) : (
        <>
          <p className="title" aria-live="polite">
            {t('common.continueWith', { name })}
          </p>
          <p className="text">{t('social.inPopup', { name })}</p>
        </>
      )}
    </div>
  )
}
