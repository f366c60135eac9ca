import { canSkipDataCapture, skipDataCapture, submitDataCapture } from '@portico/core'
import { useState, type FormEvent } from 'react'
import { usePortico, usePorticoStore } from '../../context.js'
import { siwxCss } from '../SIWXSignMessage/styles.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

const MailIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" aria-hidden="true">
    <rect x="3" y="5" width="18" height="14" rx="3" stroke="currentColor" strokeWidth="1.8" />
    <path d="M4 7l8 6 8-6" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
)

/**
 * SPEC §2 DataCapture (email capture on): the visitor's email, which the sign-in message then
 * carries (core: a mailto: resource). Skipping is offered only when sign-in is not required.
 */
export default function DataCapture() {
  const portico = usePortico()
  const { t } = useI18n()
  const error = usePorticoStore('siwx', (s) => s.error)
  const saved = usePorticoStore('siwx', (s) => s.email)
  const [email, setEmail] = useState(saved ?? '')
  const [touched, setTouched] = useState(false)
  const name = portico.options.metadata?.name ?? t('common.thisSite')
  const shownError = touched ? error : undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    submitDataCapture(portico, { email })
  }

  return (
    <div className="siwx" data-testid="data-capture">
      <Sheet css={siwxCss} />
      <span className="siwx-icon">
        <MailIcon />
      </span>
      <p className="title">{t('capture.title', { name })}</p>
      <p className="text">{t('capture.text', { name })}</p>
      <form className="siwx-form" onSubmit={submit} noValidate>
        <div className={`field${shownError ? ' invalid' : ''}`}>
          <label htmlFor="data-capture-email">{t('connect.email')}</label>
          <input
            id="data-capture-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={Boolean(shownError)}
            aria-describedby="data-capture-error"
            data-testid="data-capture-email"
          />
        </div>
        <p id="data-capture-error" className="error-text error" role={shownError ? 'alert' : undefined} data-testid="data-capture-error">
          {shownError ? t(shownError.key, shownError.params) : ''}
        </p>
        <button type="submit" className="button full" data-testid="data-capture-continue">
          {t('common.continue')}
        </button>
        {canSkipDataCapture(portico) && (
          <button type="button" className="link-button" onClick={() => skipDataCapture(portico)} data-testid="data-capture-skip">
            {t('common.skip')}
          </button>
        )}
      </form>
    </div>
  )
}
