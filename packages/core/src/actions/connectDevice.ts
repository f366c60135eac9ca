import { errorMessage } from '../i18n/message.js'
import { PorticoError } from '../errors/base.js'
import { errorKeyOf } from '../errors/display.js'
import type { Portico } from '../portico.js'
import { loadEmbeddedWallet } from './loadEmbeddedWallet.js'
import { completeEmbeddedLogin } from './internal/completeEmbeddedLogin.js'

export type ConnectDeviceReturnType = void
export type ConnectDeviceErrorType = PorticoError

/**
 * EmailLogin's device step (SPEC §4 'Email login': VERIFY_DEVICE), after the code proved the
 * mailbox of a known wallet on a device it has not seen: waits until the user approved this device
 * from the link in their email, then the user connects. The frame's storage is per host site, so
 * a new site is a new device.
 */
export async function connectDevice(portico: Portico) {
  const { embedded } = portico.stores
  const email = embedded.getState().email
  if (!email) throw new PorticoError(errorMessage('noEmailLoginInProgress'))
  embedded.setState({ emailStep: 'VERIFY_DEVICE', error: undefined })
  try {
    const client = await loadEmbeddedWallet(portico)
    await client.connectDevice()
    // The step may have been left (back, close) while waiting.
    if (embedded.getState().email !== email || embedded.getState().emailStep !== 'VERIFY_DEVICE') return
    await completeEmbeddedLogin(portico, client, 'email')
  } catch (error) {
    embedded.setState({ error: errorKeyOf(error), loading: false })
    throw error
  }
}
