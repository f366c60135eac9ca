import { clearAlert, connectEmail, errorDisplayText, ModalClosedError } from '@portico/core'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { ArrowRightIcon, MailIcon } from '../../components/embedded/SocialIcon.js'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { useI18n } from '../../i18n/useI18n.js'

/** The Connect view's email field: submitting starts the email login (SPEC §4 'Email login'). */
export function EmailLoginForm() {
  const portico = usePortico()
  const { t, text } = useI18n()
  const loading = usePorticoStore('embedded', (s) => s.loading && s.emailStep === undefined)
  const [email, setEmail] = useState(portico.stores.embedded.getState().email ?? '')
  const [error, setError] = useState<string | undefined>()
  const inputId = useId()
  const errorId = useId()
  // The APKTW002 warning belongs to this field: it goes when the field does.
  useEffect(
    () => () => {
      if (portico.stores.project.getState().alert?.code === 'APKTW002') clearAlert(portico)
    },
    [portico],
  )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (loading) return
    setError(undefined)
    connectEmail(portico, { email }).catch((cause) => {
      if (!(cause instanceof ModalClosedError)) setError(text(errorDisplayText(cause)))
    })
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
        {error ?? ''}
      </p>
    </form>
  )
}
