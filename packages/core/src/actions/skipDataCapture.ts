import type { Portico } from '../portico.js'
import { push } from '../router.js'
import { canSkipDataCapture } from './canSkipDataCapture.js'
import { closeModal } from './closeModal.js'

export type SkipDataCaptureReturnType = void
export type SkipDataCaptureErrorType = never

/**
 * Skip on DataCapture (sign-in optional only): without a session the sign-in is still
 * offered, without an email; with one, the modal just closes.
 */
export function skipDataCapture(portico: Portico) {
  if (!canSkipDataCapture(portico)) return
  portico.stores.siwx.setState({ email: undefined, error: undefined })
  if (portico.stores.siwx.getState().hasSession) closeModal(portico, { force: true })
  else push(portico.stores.router, 'SIWXSignMessage')
}
