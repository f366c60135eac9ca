import * as v from 'valibot'
import { PorticoError } from '../errors/base.js'
import { ErrorText } from '../errors/catalogue.js'
import { errorDisplayText } from '../errors/display.js'
import type { EmbeddedWalletClient } from '../embedded/client.js'
import type { Portico } from '../portico.js'
import { track } from '../analytics/track.js'
import { closeModal } from './closeModal.js'
import { afterConnect } from './afterConnect.js'
import { connectEmbeddedUser, embeddedUserParameters, type EmbeddedLoginMethod } from './connectEmbeddedUser.js'
import { loadEmbeddedWallet } from './loadEmbeddedWallet.js'

export interface VerifyOtpParameters {
  otp: string
}

/** SPEC §5: the one-time code is a string; Portico's server sends 6 to 8 digits. */
export const OtpCodeSchema = v.pipe(v.string(ErrorText.codeRequired), v.trim(), v.regex(/^\d{6,8}$/, ErrorText.codeRequired))

/**
 * EmailLogin's code step: CONNECT_OTP with the code from the email, then the user connects.
 * A wrong code keeps the step (and what was typed) with the server's text; the server refuses
 * the sixth try of a code.
 */
export async function verifyOtp(portico: Portico, { otp }: VerifyOtpParameters) {
  const { embedded, connections } = portico.stores
  const parsed = v.safeParse(OtpCodeSchema, otp)
  if (!parsed.success) {
    embedded.setState({ error: ErrorText.codeRequired })
    throw new PorticoError(ErrorText.codeRequired)
  }
  embedded.setState({ loading: true, error: undefined })
  connections.setState({ status: 'connecting' })
  try {
    const client = await loadEmbeddedWallet(portico)
    await client.connectOtp(parsed.output)
    await completeEmbeddedLogin(portico, client, 'email')
  } catch (error) {
    embedded.setState({ loading: false, error: errorDisplayText(error) })
    connections.setState({ status: 'disconnected' })
    track(portico, 'CONNECT_ERROR', { message: errorDisplayText(error) })
    throw error instanceof PorticoError ? error : new PorticoError(errorDisplayText(error), { cause: error, category: 'WALLET_ERROR' })
  }
}

/** The frame has a session: read the user, connect the adapters, close the modal. */
export async function completeEmbeddedLogin(portico: Portico, client: EmbeddedWalletClient, method: EmbeddedLoginMethod) {
  const user = await client.getUser(embeddedUserParameters(portico))
  await connectEmbeddedUser(portico, client, { user, method })
  portico.stores.embedded.setState({ loading: false, error: undefined, emailStep: undefined })
  track(portico, 'CONNECT_SUCCESS', { method: method === 'email' ? 'email' : 'social', name: method })
  closeModal(portico)
  afterConnect(portico)
}
