import { useId, useState, type FormEvent } from 'react'
import { Spinner } from '../Spinner.js'
import type { Message } from '@portico/core/i18n'
import { useI18n } from '../../i18n/useI18n.js'

/**
 * A one-time-code field: one input (paste, autofill from the mail app and screen readers work),
 * digits only, and it never drops what was typed — a wrong code stays for the user to fix.
 */
export function OtpForm({
  onSubmit,
  loading,
  error,
  label,
  testId = 'otp',
}: {
  onSubmit(otp: string): void
  loading: boolean
  error: Message | undefined
  label: string
  testId?: string
}) {
  const [value, setValue] = useState('')
  const { t, message } = useI18n()
  const errorId = useId()
  const inputId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!loading) onSubmit(value)
  }
  return (
    <form className="otp-form" onSubmit={submit} noValidate>
      <label className="sr-only" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="otp-input"
        value={value}
        onChange={(event) => setValue(event.target.value.replace(/\D/g, '').slice(0, 8))}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        placeholder="000000"
        maxLength={8}
        autoFocus
        aria-invalid={Boolean(error)}
        aria-describedby={errorId}
        data-testid={`${testId}-input`}
      />
      <p id={errorId} className="field-error" role={error ? 'alert' : undefined} data-testid={`${testId}-error`}>
        {error ? message(error) : ''}
      </p>
      <button type="submit" className="button full" disabled={value.length < 6 || loading} data-testid={`${testId}-submit`}>
        {loading ? <Spinner size={16} label={t('email.checkingCode')} /> : t('common.continue')}
      </button>
    </form>
  )
}
