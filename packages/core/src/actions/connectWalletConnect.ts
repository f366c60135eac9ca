import { Time } from '../spec/defaults.js'
import { PorticoError } from '../errors/base.js'
import { ModalClosedError } from '../errors/flow.js'
import { errorMessage, keyOf } from '../i18n/message.js'
import type { Portico } from '../portico.js'
import { clearPairingExpiry } from '../walletconnect/pairingExpiry.js'
import { StorageKeys } from '../storage.js'
import { push } from '../router.js'
import { type WalletConnectState } from '../stores/walletConnect.js'
import { type WalletConnectAuthRequest, type WalletConnectClient, type WalletConnectSession } from '../walletconnectClient.js'
import { pairingExpiryFrom, shouldReusePairing } from '../walletconnect/pairing.js'
import { formatNativeUrl } from '../walletconnect/deepLinks.js'
import { inAppBrowserLink } from '../walletconnect/inAppBrowser.js'
import type { DeepLinkChoice } from '../walletconnect/redirect.js'
import { track } from './internal/track.js'
import { closeModal } from './closeModal.js'
import { afterConnect } from './internal/afterConnect.js'
import { loadWalletConnect } from './loadWalletConnect.js'
import { fetchBalance } from './fetchBalance.js'
import { raiseProviderAlert } from './internal/raiseProviderAlert.js'
import { connectSession } from './internal/connectSession.js'

export interface ConnectWalletConnectParameters {
  /** The wallet picked in AllWallets (deep links, name, recent); plain QR when omitted. */
  wallet?: WalletConnectState['recentWallet']
  /** Open ConnectingWalletConnect first (false when a view that shows the QR itself starts the pairing). */
  navigate?: boolean
}

class PairingExpired extends Error {}

/** A session with the one-click sign-in request it answered. */
type PairedSession = WalletConnectSession & { authRequest?: WalletConnectAuthRequest }

export type ConnectWalletConnectReturnType = void

export type ConnectWalletConnectErrorType = PorticoError | ModalClosedError

/**
 * Pairs a wallet by QR code or deep link and connects every chain family of the session.
 * SPEC §4: the URI expires 4 minutes after it is set (expired with 10 s left) and is then
 * regenerated; closing the modal rejects with 'Modal closed'.
 */
export async function connectWalletConnect(portico: Portico, { wallet, navigate = true }: ConnectWalletConnectParameters = {}) {
  // SPEC §9 named-wallet redirect: on a phone, such a wallet not in this page opens the page in its own browser.
  const inAppBrowser = wallet && portico.environment.openUrl && inAppBrowserLink(portico, wallet)
  if (inAppBrowser) {
    track(portico, 'SELECT_WALLET', { name: wallet.name, platform: 'browser' })
    return portico.environment.openUrl!(inAppBrowser)
  }
  const { walletConnect, connections, router } = portico.stores
  if (navigate) push(router, 'ConnectingWalletConnect', { walletId: wallet?.id })
  walletConnect.setState({ recentWallet: wallet, wcError: undefined })
  connections.setState({ status: 'connecting' })
  track(portico, 'SELECT_WALLET', { name: wallet?.name ?? 'WalletConnect', platform: 'qrcode' })

  let session: PairedSession
  try {
    const client = await loadWalletConnect(portico)
    session = await pairUntilApproved(portico, client)
    portico.pendingPairing = undefined
    await connectSession(portico, client, session)
    // SPEC §4 one-click auth: the wallet signed the sign-in with its approval; store it (or disconnect).
    if (session.auth && session.authRequest)
      await (await import('./internal/authenticate.js')).completeAuthentication(portico, session.auth, session.authRequest)
  } catch (error) {
    connections.setState({ status: 'disconnected' })
    raiseProviderAlert(portico, error)
    if (error instanceof ModalClosedError) throw error
    const message = keyOf(error instanceof PorticoError ? error : errorMessage('connectionRejected'))
    walletConnect.setState({ wcError: message, wcUri: undefined, wcPairingExpiry: undefined, wcLoading: false })
    track(portico, 'CONNECT_ERROR', { message: error instanceof Error ? error.message : String(error) })
    throw error instanceof PorticoError ? error : new PorticoError(errorMessage('connectionRejected'), { cause: error, category: 'WALLET_ERROR' })
  }
  if (wallet) portico.storage.addRecentWallet({ id: wallet.id, name: wallet.name, icon: wallet.image_url })
  // On a phone, later requests reopen the wallet app the user paired with (its bare deep link).
  if (wallet?.mobile_link && portico.environment.isMobile())
    portico.storage.write(StorageKeys.deepLinkChoice, { name: wallet.name, href: formatNativeUrl(wallet.mobile_link, '').name } satisfies DeepLinkChoice)
  walletConnect.setState({ wcUri: undefined, wcPairingExpiry: undefined, wcLinking: undefined })
  track(portico, 'CONNECT_SUCCESS', { method: 'qrcode', name: session.peer.name })
  void fetchBalance(portico)
  closeModal(portico)
  afterConnect(portico)
}

async function pairUntilApproved(portico: Portico, client: WalletConnectClient): Promise<PairedSession> {
  const { walletConnect } = portico.stores
  for (;;) {
    let expire!: (e: Error) => void
    let onClose!: () => void
    const expired = new Promise<never>((_, reject) => (expire = reject))
    const closed = new Promise<never>((_, reject) => {
      onClose = () => reject(new ModalClosedError())
    })
    // The race below observes these; the extra handlers only keep a late rejection from being unhandled.
    expired.catch(() => undefined)
    closed.catch(() => undefined)
    portico.modalCloseListeners.add(onClose)
    const { wcUri, wcPairingExpiry } = walletConnect.getState()
    const reuse = shouldReusePairing({
      cache: portico.options.walletConnect?.cache ?? 'auto',
      uri: wcUri,
      expiry: wcPairingExpiry,
      now: portico.clock.now(),
      isTelegram: portico.environment.isTelegram?.() ?? false,
      isIosSafari: portico.environment.isIosSafari?.() ?? false,
    })
    if (!reuse) walletConnect.setState({ wcUri: undefined, wcPairingExpiry: undefined, wcLoading: true })
    else scheduleExpiry(portico, wcPairingExpiry!, expire)
    // Reusing means waiting on the pairing already in flight rather than starting another.
    const pairing =
      reuse && portico.pendingPairing
        ? (portico.pendingPairing as Promise<PairedSession>)
        : startPairing(portico, client, (uri) => {
            const expiry = pairingExpiryFrom(portico.clock.now())
            walletConnect.setState({ wcUri: uri, wcPairingExpiry: expiry, wcLoading: false })
            scheduleExpiry(portico, expiry, expire)
          })
    portico.pendingPairing = pairing
    pairing.catch(() => undefined)
    try {
      return await Promise.race([pairing, expired, closed])
    } catch (error) {
      if (!(error instanceof PairingExpired)) throw error
      portico.pendingPairing = undefined
      portico.logger.debug('pairing expired; regenerating the URI')
    } finally {
      portico.modalCloseListeners.delete(onClose)
      clearPairingExpiry(portico)
    }
  }
}

/** One pairing; with a sign-in configured on eip155 networks only, it asks for connect and sign-in at once (SPEC §4). */
async function startPairing(portico: Portico, client: WalletConnectClient, onUri: (uri: string) => void): Promise<PairedSession> {
  const authRequest = portico.siwx ? await (await import('./internal/authenticate.js')).authRequestFor(portico) : undefined
  const session = await client.connect({ caipNetworks: portico.options.networks, onUri, ...(authRequest ? { authRequest } : {}) })
  return authRequest ? { ...session, authRequest } : session
}

function scheduleExpiry(portico: Portico, expiry: number, expire: (e: Error) => void) {
  clearPairingExpiry(portico)
  const wait = Math.max(0, expiry - Time.pairingExpiryMarginMs - portico.clock.now())
  portico.timers.set(
    'wcExpiry',
    portico.clock.setTimeout(() => expire(new PairingExpired()), wait),
  )
}
