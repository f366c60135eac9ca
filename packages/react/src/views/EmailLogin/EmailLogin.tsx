import { connectEmail, emailCooldownLeft, verifyOtp } from '@portico/core'
import { useEffect, useState } from 'react'
import { embeddedCss } from '../../components/embedded/styles.js'
import { DeviceIcon, MailIcon } from '../../components/embedded/SocialIcon.js'
import { OtpForm } from '../../components/embedded/OtpForm.js'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

/**
 * SPEC §2 EmailLogin: the code from the email (VERIFY_OTP), then — on a device a known wallet has
 * not seen — waiting for the approval link in the email (VERIFY_DEVICE), which then connects.
 */
export default function EmailLogin() {
  const portico = usePortico()
  const { t, message } = useI18n()
  const email = usePorticoStore('embedded', (s) => s.email)
  const step = usePorticoStore('embedded', (s) => s.emailStep)
  const loading = usePorticoStore('embedded', (s) => s.loading)
  const error = usePorticoStore('embedded', (s) => s.error)
  const matchCode = usePorticoStore('embedded', (s) => s.matchCode)

  if (step === 'VERIFY_DEVICE')
    return (
      <div className="embedded-step" data-testid="email-device">
        <Sheet css={embeddedCss} />
        <span className="step-icon">
          <DeviceIcon />
        </span>
        <p className="title">{t('email.approveDevice')}</p>
        <p className="text">{withEmail(t('email.deviceLink'), email)}</p>
        {matchCode && (
          <div className="match-code" data-testid="email-match-code">
            <span>{t('email.matchCode')}</span>
            <strong>{matchCode}</strong>
            <span>{t('email.matchOnly')}</span>
          </div>
        )}
        {error ? (
          <p className="field-error" role="alert" data-testid="email-device-error">
            {message(error)}
          </p>
        ) : (
          <Spinner size={24} label={t('email.waitingApproval')} />
        )}
      </div>
    )

  return (
    <div className="embedded-step" data-testid="email-otp">
      <Sheet css={embeddedCss} />
      <span className="step-icon">
        <MailIcon />
      </span>
      <p className="title">{t('email.enterCode')}</p>
      <p className="text">{withEmail(t('email.codeSent'), email)}</p>
      <OtpForm
        label={t('email.codeSentTo', { email: email ?? t('email.yourEmail') })}
        loading={loading}
        error={error}
        onSubmit={(otp) => void verifyOtp(portico, { otp }).catch(() => {})}
      />
      <ResendCode email={email} />
    </div>
  )
}

/** A sentence of the catalogue with the address in bold where its {email} is. */
function withEmail(sentence: string, email: string | undefined) {
  const [before, after] = sentence.split('{email}')
  return (
    <>
      {before}
      <strong>{email}</strong>
      {after}
    </>
  )
}

/** Resend, with SPEC §5's 30 s cooldown counted down on the button. */
function ResendCode({ email }: { email: string | undefined }) {
  const portico = usePortico()
  const sentAt = usePorticoStore('embedded', (s) => s.lastEmailRequestAt)
  const { t } = useI18n()
  const [left, setLeft] = useState(() => emailCooldownLeft(portico))
  useEffect(() => {
    setLeft(emailCooldownLeft(portico))
    const timer = setInterval(() => setLeft(emailCooldownLeft(portico)), 1000)
    return () => clearInterval(timer)
  }, [portico, sentAt])
  const seconds = Math.ceil(left / 1000)
  const waiting = seconds > 0
  return (
    <button
      type="button"
      className="link-button"
      aria-disabled={waiting}
      onClick={() => {
        if (!waiting && email) void connectEmail(portico, { email }).catch(() => {})
      }}
      data-testid="email-resend"
    >
      {waiting ? t('email.resendIn', { seconds }) : t('email.resend')}
    </button>
  )
}
