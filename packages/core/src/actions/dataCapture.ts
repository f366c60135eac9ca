import * as v from 'valibot'
import type { Portico } from '../portico.js'
import { push } from '../router.js'
import type { Problem } from '../i18n/message.js'
import { closeModal } from './closeModal.js'

const EmailSchema = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(254), v.email())

export type EmailResourceReturnType = string
export type EmailResourceErrorType = never

/**
 * The email a visitor gives on DataCapture travels in the sign-in message itself, as an
 * EIP-4361 resource URI, so the server stores it signed by the account, with the session.
 */
export function emailResource(email: string): string {
  return `mailto:${email}`
}

export type DataCaptureProblemReturnType = Problem<'emailRequired'> | undefined
export type DataCaptureProblemErrorType = never

/** The DataCapture check: a valid email address, else the problem 'emailRequired' ('Please enter a valid email address'). */
export function dataCaptureProblem(email: string): Problem<'emailRequired'> | undefined {
  return v.safeParse(EmailSchema, email).success ? undefined : { key: 'siwxText.emailRequired', kind: 'emailRequired' }
}

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

export type CanSkipDataCaptureReturnType = boolean
export type CanSkipDataCaptureErrorType = never

/** Skipping the email is only possible when sign-in is not required. */
export function canSkipDataCapture(portico: Portico): boolean {
  return !portico.siwx?.getRequired?.()
}

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
