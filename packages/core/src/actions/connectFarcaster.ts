import { PorticoError } from '../errors/base.js'
import { PopupClosedError } from '../errors/flow.js'
import { errorMessage, keyOf } from '../i18n/message.js'
import type { Portico } from '../portico.js'
import { push } from '../router.js'
import { track } from './internal/track.js'
import { closeModal } from './closeModal.js'
import { afterConnect } from './internal/afterConnect.js'
import { connectEmbeddedUser } from './internal/connectEmbeddedUser.js'
import { loadEmbeddedWallet } from './loadEmbeddedWallet.js'
import { raiseProviderAlert } from './internal/raiseProviderAlert.js'

export type ConnectFarcasterReturnType = void
export type ConnectFarcasterErrorType = PopupClosedError | PorticoError

/**
 * SPEC §4 'Social login': Farcaster uses a URL from the auth connector, shown as a QR code on
 * ConnectingFarcaster, and connects once the Farcaster app approved. Leaving the view (back or
 * close) rejects with 'Popup closed'; any other failure is 'Failed to connect to farcaster'.
 */
export async function connectFarcaster(portico: Portico): Promise<void> {
  const { embedded, router, connections } = portico.stores
  connections.setState({ farcasterUrl: undefined, status: 'connecting' })
  embedded.setState({ socialProvider: 'farcaster', socialStatus: 'popup', error: undefined })
  push(router, 'ConnectingFarcaster')
  track(portico, 'SOCIAL_LOGIN_STARTED', { provider: 'farcaster' })

  let unsubscribe = () => {}
  const left = new Promise<never>((_, reject) => {
    const leave = () => reject(new PopupClosedError())
    unsubscribe = router.subscribe((state) => {
      if (state.view !== 'ConnectingFarcaster') leave()
    })
    portico.modalCloseListeners.add(leave)
  })
  left.catch(() => undefined)
  try {
    const client = await Promise.race([loadEmbeddedWallet(portico), left])
    const url = await Promise.race([client.getFarcasterUri(), left])
    connections.setState({ farcasterUrl: url })
    const user = await Promise.race([client.connectFarcaster(), left])
    track(portico, 'SOCIAL_LOGIN_REQUEST_USER_DATA', { provider: 'farcaster' })
    embedded.setState({ socialStatus: 'connecting' })
    unsubscribe()
    await connectEmbeddedUser(portico, client, { user, method: 'farcaster' })
  } catch (cause) {
    raiseProviderAlert(portico, cause)
    unsubscribe()
    const closed = cause instanceof PopupClosedError
    const problem = errorMessage(closed ? 'popupClosed' : 'failedToConnectFarcaster')
    embedded.setState({ socialStatus: 'error', error: closed ? undefined : keyOf(problem) })
    connections.setState({ status: 'disconnected' })
    track(portico, 'SOCIAL_LOGIN_ERROR', { provider: 'farcaster', message: problem.text })
    throw closed ? cause : new PorticoError(problem, { cause, category: 'WALLET_ERROR' })
  }
  connections.setState({ farcasterUrl: undefined })
  embedded.setState({ socialStatus: 'idle', socialProvider: undefined })
  track(portico, 'SOCIAL_LOGIN_SUCCESS', { provider: 'farcaster' })
  track(portico, 'CONNECT_SUCCESS', { method: 'social', name: 'farcaster' })
  closeModal(portico)
  afterConnect(portico)
}
