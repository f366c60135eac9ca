import { Time } from '../spec/defaults.js'
import type { Portico } from '../portico.js'
import type { SnackState } from '../stores/snack.js'
import { externalMessage, keyOf, type Message } from '../i18n/message.js'
import { hideSnack } from './hideSnack.js'
import { clearTimer } from './internal/clearTimer.js'

export interface ShowSnackParameters {
  /** A catalogue key and its parameters, shown in the user's language (`error.external` with `{ text }`: a text of your own). */
  message: Message
  variant: SnackState['variant']
  svg?: string
  autoClose?: boolean
}

/** How long an auto-closing snack stays (not in SPEC; 3 s is one of its 'other time constants'). */
export const SNACK_DURATION_MS = 3_000

export type ShowSnackReturnType = void
export type ShowSnackErrorType = never

/**
 * SPEC §4 'Snack': a new message while one is open first hides the old one, then shows after
 * 150 ms. Loading snacks do not auto-close.
 */
export function showSnack(portico: Portico, parameters: ShowSnackParameters): void
/** @deprecated A string message is the host's own text, shown as it is: pass `{ key: 'error.external', params: { text } }`. */
export function showSnack(portico: Portico, parameters: Omit<ShowSnackParameters, 'message'> & { message: string }): void
export function showSnack(
  portico: Portico,
  { message, variant, svg, autoClose = variant !== 'loading' }: Omit<ShowSnackParameters, 'message'> & { message: Message | string },
) {
  const { snack } = portico.stores
  const show = () => {
    snack.setState({ message: keyOf(typeof message === 'string' ? externalMessage(message) : message), variant, svg, autoClose, open: true })
    clearTimer(portico, 'snackClose')
    if (autoClose) later(portico, 'snackClose', () => hideSnack(portico), SNACK_DURATION_MS)
  }
  clearTimer(portico, 'snackShow')
  if (snack.getState().open) {
    snack.setState({ open: false })
    later(portico, 'snackShow', show, Time.snackReshowMs)
  } else show()
}

function later(portico: Portico, key: string, fn: () => void, ms: number) {
  portico.timers.set(
    key,
    portico.clock.setTimeout(() => {
      portico.timers.delete(key)
      fn()
    }, ms),
  )
}
