import type { Portico } from '../portico.js'
import { clearTimer } from './internal/clearTimer.js'

export type HideSnackReturnType = void
export type HideSnackErrorType = never

export function hideSnack(portico: Portico) {
  clearTimer(portico, 'snackClose')
  portico.stores.snack.setState({ open: false })
}
