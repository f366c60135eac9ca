import { fullName, getNameAvailability, registerName, suggestNames } from '@portico/core'
import { useRef, type FormEvent } from 'react'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { usePorticoSelector } from '../../hooks/usePorticoSelector.js'
import { namesCss } from './styles.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'
import { shallowEqualWithMessages } from '../../i18n/sameMessage.js'

/**
 * SPEC §2 RegisterAccountName: pick a name. Suggestions with their availability arrive as the
 * user types (core debounces); 'Register' has the wallet sign, then core shows the success view.
 */
export default function RegisterAccountName() {
  const portico = usePortico()
  const { t } = useI18n()
  const input = usePorticoStore('names', (s) => s.input)
  const suggestions = usePorticoStore('names', (s) => s.suggestions)
  const suggestionsLoading = usePorticoStore('names', (s) => s.suggestionsLoading)
  const loading = usePorticoStore('names', (s) => s.loading)
  const inputRef = useRef<HTMLInputElement>(null)
  const suffix = fullName(portico, '')
  const { label, canRegister, hint, hintIsError } = usePorticoSelector(getNameAvailability, shallowEqualWithMessages)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (canRegister) void registerName(portico, { label }).catch(() => {})
  }

  return (
    <form className="names" onSubmit={submit} noValidate data-testid="register-name">
      <Sheet css={namesCss} />
      <p className="text intro">{t('names.intro')}</p>
      <div className={`field${hintIsError ? ' invalid' : ''}`}>
        <label htmlFor="register-name-input">{t('names.label')}</label>
        {/* The input is as wide as its text, so that the suffix follows it; the whole row focuses it. */}
        <div className="name-input" onClick={() => inputRef.current?.focus()}>
          <span className="grow" data-value={input || 'yourname'}>
            <input
              ref={inputRef}
              id="register-name-input"
              size={1}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="yourname"
              value={input}
              onChange={(event) => suggestNames(portico, { input: event.target.value })}
              disabled={loading}
              aria-invalid={hintIsError}
              aria-describedby="register-name-hint"
              data-testid="register-name-input"
            />
          </span>
          <span className="name-suffix" aria-hidden="true">
            {suffix}
          </span>
        </div>
      </div>
      <p
        id="register-name-hint"
        className={`names-hint${hintIsError ? ' error' : ''}`}
        role={hintIsError ? 'alert' : undefined}
        data-testid="register-name-hint"
      >
        {t(hint.key, hint.params)}
      </p>
      {(suggestionsLoading || suggestions.length > 0) && (
        <>
          <p className="suggestions-head">
            {t('names.suggestions')} {suggestionsLoading && <Spinner size={12} label={t('names.loadingSuggestions')} />}
          </p>
          <ul className="suggestions" data-testid="name-suggestions">
            {suggestions.map((s) => (
              <li key={s.name}>
                <button
                  type="button"
                  className="suggestion"
                  disabled={s.registered || loading}
                  onClick={() => suggestNames(portico, { input: s.name.slice(0, s.name.length - suffix.length) })}
                  data-testid="name-suggestion"
                  data-registered={s.registered}
                >
                  <span className="label">{s.name}</span>
                  <span className={`tag ${s.registered ? 'taken' : 'success'}`}>{t(s.registered ? 'names.registered' : 'names.available')}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <button type="submit" className="button full" disabled={!canRegister} aria-busy={loading} data-testid="register-name-submit">
        {loading ? (
          <>
            <Spinner size={14} />
            {t('names.registering')}
          </>
        ) : (
          t('names.register')
        )}
      </button>
    </form>
  )
}
