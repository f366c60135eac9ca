import { CheckIcon, WarningIcon } from '../components/icons.js'
import { Spinner } from '../components/Spinner.js'
import { usePorticoStore } from '../context.js'
import { useI18n } from '../i18n/useI18n.js'

/**
 * SPEC §3 'Snack message': success, error and loading. The live region stays mounted so that
 * screen readers announce each message; errors interrupt (assertive), the others wait (polite).
 * (Live regions without a role: the views' own role=alert messages stay the only alerts.)
 */
export function Snackbar() {
  const open = usePorticoStore('snack', (s) => s.open)
  // A snack keeps a catalogue key and its parameters: shown in the user's language.
  const { message: show } = useI18n()
  const kept = usePorticoStore('snack', (s) => s.message)
  const message = kept ? show(kept) : ''
  const variant = usePorticoStore('snack', (s) => s.variant)
  return (
    <>
      <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="snack-announce-polite">
        {open && variant !== 'error' ? message : ''}
      </div>
      <div className="sr-only" aria-live="assertive" aria-atomic="true" data-testid="snack-announce-assertive">
        {open && variant === 'error' ? message : ''}
      </div>
      {open && (
        <div className={`snack ${variant}`} data-testid="portico-snack" data-variant={variant} aria-hidden="true">
          {variant === 'loading' ? <Spinner size={14} /> : variant === 'error' ? <WarningIcon /> : <CheckIcon />}
          {message}
        </div>
      )}
    </>
  )
}
