import { CheckIcon, WarningIcon } from '../components/icons.js'
import { Spinner } from '../components/Spinner.js'
import { usePorticoStore } from '../context.js'

/** SPEC §3 'Snack message', announced to screen readers. */
export function Snackbar() {
  const open = usePorticoStore('snack', (s) => s.open)
  const message = usePorticoStore('snack', (s) => s.message)
  const variant = usePorticoStore('snack', (s) => s.variant)
  return (
    <div aria-live="polite" role="status">
      {open && (
        <div className={`snack ${variant}`} data-testid="portico-snack">
          {variant === 'loading' ? <Spinner size={14} /> : variant === 'error' ? <WarningIcon /> : <CheckIcon />}
          {message}
        </div>
      )}
    </div>
  )
}
