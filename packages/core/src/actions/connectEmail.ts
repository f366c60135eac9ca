import * as v from 'valibot'
import { PorticoError } from '../errors/base.js'
import { ModalClosedError } from '../errors/flow.js'
import { ErrorText } from '../spec/catalogue.js'
import { errorMessage, keyOf } from '../i18n/message.js'
import { errorDisplayMessage, errorDisplayText, errorKeyOf } from '../errors/display.js'
import type { EmailLoginAction } from '../embedded/types.js'
import { modalClosed } from '../embedded/modalClosed.js'
import type { Portico } from '../portico.js'
import { push } from '../router.js'
import { track } from './internal/track.js'
import { clearAlert, setAlert } from './setAlert.js'
import { connectDevice } from './connectDevice.js'
import { loadEmbeddedWallet } from './loadEmbeddedWallet.js'
import { completeEmbeddedLogin } from './internal/completeEmbeddedLogin.js'
import { raiseProviderAlert } from './internal/raiseProviderAlert.js'
import { emailCooldownLeft } from './emailCooldownLeft.js'
import { EmailAddressSchema } from './internal/emailAddress.js'

export interface ConnectEmailParameters {
  email: string
}

export type ConnectEmailReturnType = EmailLoginAction

export type ConnectEmailErrorType = PorticoError

/**
 * SPEC §4 'Email login': CONNECT_EMAIL returns VERIFY_OTP (EmailLogin asks for the code from the
 * email), VERIFY_DEVICE (EmailLogin waits for the device link; then the code) or CONNECT (this
 * device and session are known: connected). Closing the modal rejects with 'Modal closed'.
 */
export async function connectEmail(portico: Portico, { email: input }: ConnectEmailParameters): Promise<ConnectEmailReturnType> {
  const { embedded, router, connections } = portico.stores
  const parsed = v.safeParse(EmailAddressSchema, input)
  if (!parsed.success) {
    // SPEC §5's two texts: the APKTW002 warning says what is wrong, the field what to do.
    const problem = errorMessage('enterValidEmail')
    embedded.setState({ error: keyOf(problem) })
    setAlert(portico, 'APKTW002', parsed.issues[0]?.message)
    throw new PorticoError(problem, { details: ErrorText.invalidEmail, category: 'CONFIGURATION_ERROR' })
  }
  const email = parsed.output
  const wait = emailCooldownLeft(portico)
  if (wait > 0) {
    const problem = errorMessage('emailCooldown', Math.ceil(wait / 1000))
    embedded.setState({ error: keyOf(problem) })
    throw new PorticoError(problem)
  }
  if (portico.stores.project.getState().alert?.code === 'APKTW002') clearAlert(portico)

  const previousRequestAt = embedded.getState().lastEmailRequestAt
  embedded.setState({ email, lastEmailRequestAt: portico.clock.now(), loading: true, error: undefined })
  connections.setState({ status: 'connecting' })
  track(portico, 'SELECT_WALLET', { name: 'Email', platform: 'email' })
  const { closed, dispose } = modalClosed(portico)
  try {
    const client = await Promise.race([loadEmbeddedWallet(portico), closed])
    const { action, matchCode } = await Promise.race([client.connectEmail(email), closed])
    embedded.setState({ matchCode: action === 'VERIFY_DEVICE' ? matchCode : undefined })
    if (action === 'CONNECT') {
      // Completing closes the modal itself: that is not the user closing it.
      dispose()
      await completeEmbeddedLogin(portico, client, 'email')
      return action
    }
    embedded.setState({ emailStep: action, loading: false })
    connections.setState({ status: 'disconnected' })
    push(router, 'EmailLogin')
    if (action === 'VERIFY_DEVICE') void connectDevice(portico).catch(() => undefined)
    return action
  } catch (error) {
    raiseProviderAlert(portico, error)
    const closedModal = error instanceof ModalClosedError
    // A request that never reached the server does not start the cooldown.
    if (!closedModal) embedded.setState({ lastEmailRequestAt: previousRequestAt })
    embedded.setState({ loading: false, error: closedModal ? undefined : errorKeyOf(error) })
    connections.setState({ status: 'disconnected' })
    track(portico, 'CONNECT_ERROR', { message: errorDisplayText(error) })
    throw error instanceof PorticoError ? error : new PorticoError(errorDisplayMessage(error), { cause: error, category: 'WALLET_ERROR' })
  } finally {
    dispose()
  }
}
