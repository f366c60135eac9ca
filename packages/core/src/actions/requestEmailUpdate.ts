import * as v from 'valibot'
import { PorticoError } from '../errors/base.js'
import { errorKeyOf } from '../errors/display.js'
import { keyOf } from '../i18n/message.js'
import type { Portico } from '../portico.js'
import { EmailAddressSchema, emailProblem } from './internal/emailAddress.js'
import { authClient } from './internal/authClient.js'

export type RequestEmailUpdateReturnType = void
export type RequestEmailUpdateErrorType = PorticoError

/**
 * UpdateEmailWallet's first step: UPDATE_EMAIL with the new address; the frame answers with the
 * first of the two code steps (SPEC §4: VERIFY_PRIMARY_OTP, then VERIFY_SECONDARY_OTP).
 */
export async function requestEmailUpdate(portico: Portico, { email: input }: { email: string }) {
  const { embedded } = portico.stores
  const parsed = v.safeParse(EmailAddressSchema, input)
  if (!parsed.success) {
    const problem = emailProblem(parsed.issues[0])
    embedded.setState({ error: keyOf(problem) })
    throw new PorticoError(problem)
  }
  embedded.setState({ loading: true, error: undefined })
  try {
    const client = await authClient(portico)
    const { action } = await client.updateEmail(parsed.output)
    embedded.setState({ loading: false, updateStep: action, updateEmail: parsed.output })
  } catch (error) {
    embedded.setState({ loading: false, error: errorKeyOf(error) })
    throw error
  }
}
