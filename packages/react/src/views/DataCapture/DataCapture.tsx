import { canSkipDataCapture, skipDataCapture, submitDataCapture } from '@portico/core'
import { useState, type FormEvent } from 'react'
import { usePortico, usePorticoStore } from '../../context.js'
import { siwxCss } from '../SIWXSignMessage/styles.js'
import { Sheet } from '../../styles/Sheet.js'

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
  const error = usePorticoStore('siwx', (s) => s.error)
  const saved = usePorticoStore('siwx', (s) => s.email)
  const [email, setEmail] = useState(saved ?? '')
  const [touched, setTouched] = useState(false)
  const name = portico.options.metadata?.name ?? 'This site'
  const shownError = touched ? error : undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    submitDataCapture(portico, email)
  }

  return (
    <div className="siwx" data-testid="data-capture">
      <Sheet css={siwxCss} />
      <span className="siwx-icon">
        <MailIcon />
      </span>
      <p className="title">Stay in touch with {name}</p>
      <p className="text">Your email is added to the sign-in message you sign next, so {name} receives it from your account.</p>
      <form className="siwx-form" onSubmit={submit} noValidate>
        <div className={`field${shownError ? ' invalid' : ''}`}>
          <label htmlFor="data-capture-email">Email</label>
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
          {shownError ?? ''}
        </p>
        <button type="submit" className="button full" data-testid="data-capture-continue">
          Continue
        </button>
        {canSkipDataCapture(portico) && (
          <button type="button" className="link-button" onClick={() => skipDataCapture(portico)} data-testid="data-capture-skip">
            Skip
          </button>
        )}
      </form>
    </div>
  )
}
