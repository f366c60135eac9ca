import type { Portico } from '../portico.js'

export type CanSkipDataCaptureReturnType = boolean
export type CanSkipDataCaptureErrorType = never

/** Skipping the email is only possible when sign-in is not required. */
export function canSkipDataCapture(portico: Portico): boolean {
  return !portico.siwx?.getRequired?.()
}
