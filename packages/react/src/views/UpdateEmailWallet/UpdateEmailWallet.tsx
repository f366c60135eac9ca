import { readLoginCache, requestEmailUpdate, verifyEmailUpdateOtp } from '@portico/core'
import { useId, useState, type FormEvent } from 'react'
import { embeddedCss } from '../../components/embedded/styles.js'
import { MailIcon } from '../../components/embedded/SocialIcon.js'
import { OtpForm } from '../../components/embedded/OtpForm.js'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { Sheet } from '../../styles/Sheet.js'
import type { Message } from '@portico/core/i18n'
import { useI18n } from '../../i18n/useI18n.js'

/**
 * SPEC §2 UpdateEmailWallet: the new address, then the code sent to the current address
 * (VERIFY_PRIMARY_OTP), then the code sent to the new one (VERIFY_SECONDARY_OTP). Core's
 * updateEmail polls for the change and closes the modal.
 */
export default function UpdateEmailWallet() {
  const portico = usePortico()
  const { t } = useI18n()
  const step = usePorticoStore('embedded', (s) => s.updateStep)
  const newEmail = usePorticoStore('embedded', (s) => s.updateEmail)
  const loading = usePorticoStore('embedded', (s) => s.loading)
  const error = usePorticoStore('embedded', (s) => s.error)
  const current = readLoginCache(portico.storage).email

  if (step === 'EMAIL') return <NewEmailStep current={current} loading={loading} error={error} />
  const primary = step === 'VERIFY_PRIMARY_OTP'
  const to = primary ? current : newEmail
  return (
    <div className="embedded-step" data-testid={primary ? 'update-email-primary' : 'update-email-secondary'}>
      <Sheet css={embeddedCss} />
      <span className="step-icon">
        <MailIcon />
      </span>
      <p className="title">{t(primary ? 'update.confirmYou' : 'update.confirmNew')}</p>
      <p className="text">{bold(t(primary ? 'update.step1' : 'update.step2'), to ?? t('email.yourEmail'))}</p>
      <OtpForm
        key={step}
        testId={primary ? 'update-primary-otp' : 'update-secondary-otp'}
        label={t('email.codeSentTo', { email: to ?? t('email.yourEmail') })}
        loading={loading}
        error={error}
        onSubmit={(otp) => void verifyEmailUpdateOtp(portico, { otp }).catch(() => {})}
      />
    </div>
  )
}

/** A sentence of the catalogue with the address in bold where its {email} is. */
function bold(sentence: string, email: string) {
  const [before, after] = sentence.split('{email}')
  return (
    <>
      {before}
      <strong>{email}</strong>
      {after}
    </>
  )
}

function NewEmailStep({ current, loading, error }: { current: string | undefined; loading: boolean; error: Message | undefined }) {
  const portico = usePortico()
  const [email, setEmail] = useState('')
  const { t, message } = useI18n()
  const inputId = useId()
  const errorId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!loading) void requestEmailUpdate(portico, { email }).catch(() => {})
  }
  return (
    <div className="embedded-step" data-testid="update-email">
      <Sheet css={embeddedCss} />
      <span className="step-icon">
        <MailIcon />
      </span>
      <p className="title">{t('update.title')}</p>
      {current && <p className="text">{bold(t('update.current'), current)}</p>}
      <form className="otp-form" onSubmit={submit} noValidate>
        <div className={`email-row${error ? ' invalid' : ''}`}>
          <MailIcon className="lead" />
          <label className="sr-only" htmlFor={inputId}>
            {t('update.newEmail')}
          </label>
          <input
            id={inputId}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={t('update.newEmail')}
            value={email}
            autoFocus
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={errorId}
            data-testid="update-email-input"
          />
        </div>
        <p id={errorId} className="field-error" role={error ? 'alert' : undefined} data-testid="update-email-error">
          {error ? message(error) : ''}
        </p>
        <button type="submit" className="button full" disabled={loading || !email.trim()} data-testid="update-email-submit">
          {loading ? <Spinner size={16} label={t('connect.sendingCode')} /> : t('common.continue')}
        </button>
      </form>
    </div>
  )
}
