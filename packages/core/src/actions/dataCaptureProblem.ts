import * as v from 'valibot'
import type { Problem } from '../i18n/message.js'

const EmailSchema = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(254), v.email())

export type DataCaptureProblemReturnType = Problem<'emailRequired'> | undefined
export type DataCaptureProblemErrorType = never

/** The DataCapture check: a valid email address, else the problem 'emailRequired' ('Please enter a valid email address'). */
export function dataCaptureProblem(email: string): Problem<'emailRequired'> | undefined {
  return v.safeParse(EmailSchema, email).success ? undefined : { key: 'siwxText.emailRequired', kind: 'emailRequired' }
}
