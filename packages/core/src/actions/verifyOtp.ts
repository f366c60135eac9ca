import * as v from 'valibot'
import { PorticoError } from '../errors/base.js'
import { ErrorText } from '../spec/catalogue.js'
import { errorMessage, keyOf } from '../i18n/message.js'
import { errorDisplayMessage, errorDisplayText, errorKeyOf } from '../errors/display.js'
import type { Portico } from '../portico.js'
import { track } from './internal/track.js'
import { completeEmbeddedLogin } from './internal/completeEmbeddedLogin.js'
import { connectDevice } from './connectDevice.js'
import { loadEmbeddedWallet } from './loadEmbeddedWallet.js'
import { raiseProviderAlert } from './internal/raiseProviderAlert.js'

export interface VerifyOtpParameters {
  otp: string
}

/** SPEC §5: the one-time code is a string; Portico's server sends 6 to 8 digits. */
export const OtpCodeSchema = v.pipe(v.string(ErrorText.codeRequired), v.trim(), v.regex(/^\d{6,8}$/, ErrorText.codeRequired))

export type VerifyOtpReturnType = void
export type VerifyOtpErrorType = PorticoError

/**
 * EmailLogin's code step: CONNECT_OTP with the code from the email, then the user connects. On a
 * device a known wallet has not seen, the code leads to the device step (SPEC §4 'Email login':
 * VERIFY_DEVICE): the user approves it from the mailed link, then connects (connectDevice).
 * A wrong code keeps the step (and what was typed) with the server's text; the server refuses
 * the sixth try of a code.
 */
export async function verifyOtp(portico: Portico, { otp }: VerifyOtpParameters) {
  const { embedded, connections } = portico.stores
  const parsed = v.safeParse(OtpCodeSchema, otp)
  if (!parsed.success) {
    const problem = errorMessage('codeRequired')
    embedded.setState({ error: keyOf(problem) })
    throw new PorticoError(problem)
  }
  embedded.setState({ loading: true, error: undefined })
  connections.setState({ status: 'connecting' })
  try {
    const client = await loadEmbeddedWallet(portico)
    const { action, matchCode } = await client.connectOtp(parsed.output)
    if (action === 'VERIFY_DEVICE') {
      embedded.setState({ emailStep: 'VERIFY_DEVICE', matchCode, loading: false })
      connections.setState({ status: 'disconnected' })
      return connectDevice(portico)
    }
    await completeEmbeddedLogin(portico, client, 'email')
  } catch (error) {
    raiseProviderAlert(portico, error)
    embedded.setState({ loading: false, error: errorKeyOf(error) })
    connections.setState({ status: 'disconnected' })
    track(portico, 'CONNECT_ERROR', { message: errorDisplayText(error) })
    throw error instanceof PorticoError ? error : new PorticoError(errorDisplayMessage(error), { cause: error, category: 'WALLET_ERROR' })
  }
}
