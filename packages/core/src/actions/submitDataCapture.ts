import type { Portico } from '../portico.js'
import { push } from '../router.js'
import { dataCaptureProblem } from './dataCaptureProblem.js'

export interface SubmitDataCaptureParameters {
  /** The email as typed. */
  email: string
}
export type SubmitDataCaptureReturnType = boolean
export type SubmitDataCaptureErrorType = never

/**
 * DataCapture → SIWXSignMessage: keeps the email for the next sign-in message. An invalid
 * email stays on DataCapture with the error.
 */
export function submitDataCapture(portico: Portico, parameters: SubmitDataCaptureParameters): SubmitDataCaptureReturnType
/** @deprecated use `submitDataCapture(portico, { email })` */
export function submitDataCapture(portico: Portico, email: string): SubmitDataCaptureReturnType
export function submitDataCapture(portico: Portico, parameters: SubmitDataCaptureParameters | string): SubmitDataCaptureReturnType {
  const { email } = typeof parameters === 'object' ? parameters : { email: parameters }
  const problem = dataCaptureProblem(email)
  if (problem) {
    portico.stores.siwx.setState({ error: problem })
    return false
  }
  portico.stores.siwx.setState({ email: email.trim(), error: undefined })
  push(portico.stores.router, 'SIWXSignMessage')
  return true
}
