import type { SocialProvider } from '../spec/defaults.js'
import { Time } from '../spec/defaults.js'
import { PorticoError } from '../errors/base.js'
import { PopupClosedError } from '../errors/flow.js'
import { ErrorText } from '../spec/catalogue.js'
import { errorMessage, keyOf } from '../i18n/message.js'
import type { EmbeddedSocialProvider, PopupHandle } from '../embedded/types.js'
import type { Portico } from '../portico.js'
import { push } from '../router.js'
import { track } from './internal/track.js'
import { closeModal } from './closeModal.js'
import { afterConnect } from './internal/afterConnect.js'
import { connectEmbeddedUser, embeddedUserParameters } from './internal/connectEmbeddedUser.js'
import { connectFarcaster } from './connectFarcaster.js'
import { loadEmbeddedWallet } from './loadEmbeddedWallet.js'
import { openBrowserPopup } from '../embedded/browser.js'
import { raiseProviderAlert } from './internal/raiseProviderAlert.js'

/** SPEC §9: the popup is 600 by 800. */
export const SOCIAL_POPUP_SIZE = { width: 600, height: 800 } as const

export interface ConnectSocialParameters {
  provider: SocialProvider
}

class Stage extends Error {}

export type ConnectSocialReturnType = void
export type ConnectSocialErrorType = PorticoError | PopupClosedError

/**
 * SPEC §4 'Social login'. Call it straight from the click handler: the popup opens synchronously
 * (a browser blocks it after an await) on the secure origin's loading page, then goes to the
 * provider's URL the frame gives. The popup tells, by a window message from the secure origin
 * and that popup only, that the sign-in finished (the server redeemed the provider's answer
 * itself; no code or state reaches this page); the frame then fetches the result with a proof
 * by its device key. The popup is polled every second for closure ('Popup closed').
 * Farcaster has its own flow (ConnectingFarcaster).
 */
export async function connectSocial(portico: Portico, { provider }: ConnectSocialParameters): Promise<void> {
  if (provider === 'farcaster') return connectFarcaster(portico)
  const { embedded, router, connections } = portico.stores
  const loader = portico.options.embeddedWallet
  // Nothing may be awaited before this line: the popup must open inside the user's click.
  const open = portico.environment.openPopup ?? openBrowserPopup
  const popup = loader ? open(loader.socialLoadingUrl, SOCIAL_POPUP_SIZE) : null
  track(portico, 'SOCIAL_LOGIN_STARTED', { provider })
  embedded.setState({ socialProvider: provider, socialStatus: 'popup', error: undefined })
  connections.setState({ status: 'connecting' })
  push(router, 'ConnectingSocial', { provider })

  const watch = popup ? watchPopup(portico, popup) : undefined
  try {
    if (!popup) throw new Stage(ErrorText.failedToInitiateSocial)
    const client = await Promise.race([loadEmbeddedWallet(portico), watch!.closed])
    const uri = await Promise.race([client.getSocialRedirectUri(provider as EmbeddedSocialProvider), watch!.closed]).catch((cause) => {
      throw cause instanceof PopupClosedError ? cause : new Stage(ErrorText.failedToInitiateSocial, { cause })
    })
    popup.navigate(uri)
    const waiter = client.waitForSocialResult(popup)
    const status = await Promise.race([waiter.result, watch!.closed]).finally(() => waiter.cancel())
    watch!.stop()
    popup.close()
    if (status !== 'done') throw new Error('The sign-in did not finish')

    embedded.setState({ socialStatus: 'connecting' })
    track(portico, 'SOCIAL_LOGIN_REQUEST_USER_DATA', { provider })
    const user = await client.connectSocial(embeddedUserParameters(portico))
    await connectEmbeddedUser(portico, client, { user, method: provider })
  } catch (cause) {
    raiseProviderAlert(portico, cause)
    watch?.stop()
    if (popup && !popup.closed) popup.close()
    const closed = cause instanceof PopupClosedError
    const problem = errorMessage(closed ? 'popupClosed' : cause instanceof Stage ? 'failedToInitiateSocial' : 'failedToConnect')
    embedded.setState({ socialStatus: 'error', error: keyOf(problem) })
    connections.setState({ status: 'disconnected' })
    track(portico, 'SOCIAL_LOGIN_ERROR', { provider, message: problem.text })
    if (closed) throw cause
    throw new PorticoError(problem, {
      cause: cause instanceof Stage ? cause.cause : cause,
      category: 'WALLET_ERROR',
    })
  }
  embedded.setState({ socialStatus: 'idle', socialProvider: undefined })
  track(portico, 'SOCIAL_LOGIN_SUCCESS', { provider })
  track(portico, 'CONNECT_SUCCESS', { method: 'social', name: provider })
  closeModal(portico)
  afterConnect(portico)
}

/** SPEC §4: the popup is polled every second for closure. */
function watchPopup(portico: Portico, popup: PopupHandle) {
  let timer: unknown
  let stopped = false
  const closed = new Promise<never>((_, reject) => {
    const check = () => {
      if (stopped) return
      if (popup.closed) return reject(new PopupClosedError())
      timer = portico.clock.setTimeout(check, Time.pollIntervalMs)
    }
    timer = portico.clock.setTimeout(check, Time.pollIntervalMs)
  })
  closed.catch(() => undefined)
  return {
    closed,
    stop() {
      stopped = true
      portico.clock.clearTimeout(timer)
    },
  }
}
