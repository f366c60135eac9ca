import { clearAlert, connectEmail, errorDisplayMessage, ModalClosedError } from '@portico/core'
import type { Message } from '@portico/core/i18n'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { ArrowRightIcon, MailIcon } from '../../components/embedded/SocialIcon.js'
import { FrameStartFailed } from '../../components/embedded/FrameStartFailed.js'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { useI18n } from '../../i18n/useI18n.js'

/** The Connect view's email field: submitting starts the email login (SPEC §4 'Email login'). */
export function EmailLoginForm() {
  const portico = usePortico()
  const { t, message } = useI18n()
  const loading = usePorticoStore('embedded', (s) => s.loading && s.emailStep === undefined)
  // Issue 28: the secure frame could not start; shown under the field with Retry (the typed email stays).
  const frameFailure = usePorticoStore('embedded', (s) => s.frameFailure)
  const [email, setEmail] = useState(portico.stores.embedded.getState().email ?? '')
  const [error, setError] = useState<Message | undefined>()
  const inputId = useId()
  const errorId = useId()
  // The APKTW002 warning belongs to this field: it goes when the field does.
  useEffect(
    () => () => {
      if (portico.stores.project.getState().alert?.code === 'APKTW002') clearAlert(portico)
    },
    [portico],
  )

  const start = () => {
    setError(undefined)
    connectEmail(portico, { email }).catch((cause) => {
      // A frame that cannot start says so itself, below (FrameStartFailed).
      if (!(cause instanceof ModalClosedError) && !portico.stores.embedded.getState().frameFailure) setError(errorDisplayMessage(cause))
    })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!loading) start()
  }

  return (
    <form className="email-form" onSubmit={submit} noValidate aria-label={t('connect.continueWithEmail')}>
      <div className={`email-row${error ? ' invalid' : ''}`}>
        <MailIcon className="lead" />
        <label className="sr-only" htmlFor={inputId}>
          {t('connect.email')}
        </label>
        <input
          id={inputId}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('connect.email')}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value)
            if (!error) return
            setError(undefined)
            if (portico.stores.project.getState().alert?.code === 'APKTW002') clearAlert(portico)
          }}
          aria-invalid={Boolean(error)}
          aria-describedby={errorId}
          data-testid="email-input"
        />
        <button
          type="submit"
          className="email-submit"
          aria-label={t('connect.continueWithEmail')}
          disabled={loading || !email.trim()}
          data-testid="email-submit"
        >
          {loading ? <Spinner size={16} label={t('connect.sendingCode')} /> : <ArrowRightIcon />}
        </button>
      </div>
      <p id={errorId} className="field-error" role={error ? 'alert' : undefined} data-testid="email-error">
        {error ? message(error) : ''}
      </p>
      {frameFailure && !loading && <FrameStartFailed failure={frameFailure} onRetry={start} />}
    </form>
  )
}
