import * as v from 'valibot'
import { PorticoError } from '../errors/base.js'
import { errorMessage, keyOf } from '../i18n/message.js'
import { errorKeyOf } from '../errors/display.js'
import type { Portico } from '../portico.js'
import { authClient } from './internal/authClient.js'
import { OtpCodeSchema } from './verifyOtp.js'

export type VerifyEmailUpdateOtpReturnType = void
export type VerifyEmailUpdateOtpErrorType = PorticoError

/**
 * UpdateEmailWallet's code steps (SPEC §4): the code sent to the current address
 * (VERIFY_PRIMARY_OTP), then the one sent to the new address (VERIFY_SECONDARY_OTP), after which
 * the frame's user has the new email and updateEmail's poll sees it.
 */
export async function verifyEmailUpdateOtp(portico: Portico, { otp }: { otp: string }) {
  const { embedded } = portico.stores
  const step = embedded.getState().updateStep
  const parsed = v.safeParse(OtpCodeSchema, otp)
  if (!parsed.success) {
    const problem = errorMessage('codeRequired')
    embedded.setState({ error: keyOf(problem) })
    throw new PorticoError(problem)
  }
  if (step === 'EMAIL') throw new PorticoError(errorMessage('noEmailUpdateInProgress'))
  embedded.setState({ loading: true, error: undefined })
  try {
    const client = await authClient(portico)
    if (step === 'VERIFY_PRIMARY_OTP') {
      await client.updateEmailPrimaryOtp(parsed.output)
      embedded.setState({ loading: false, updateStep: 'VERIFY_SECONDARY_OTP' })
    } else {
      await client.updateEmailSecondaryOtp(parsed.output)
      embedded.setState({ loading: false })
    }
  } catch (error) {
    embedded.setState({ loading: false, error: errorKeyOf(error) })
    throw error
  }
}
