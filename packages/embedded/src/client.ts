import type {
  ChainNamespace,
  EmbeddedWalletClient,
  EmbeddedWalletEvent,
  EmbeddedWalletLoadParameters,
  EmbeddedWalletUser,
  FactorScreenPurpose,
  FrameRect,
  PopupHandle,
} from '@portico/core'
import * as v from 'valibot'
import { createEip155Provider } from './eip155Provider.js'
import { createEmbeddedSolanaWallet } from './solanaWallet.js'
import { registerWallet } from '@wallet-standard/wallet'
import { createFrameTransport, type HostWindow, type MessageLike } from './frameTransport.js'
import { SocialResultMessageSchema } from './protocol/index.js'
import type { EmbeddedWalletOptions } from './options.js'

/** Where the client lives: the host page's window and document (fakes in unit tests). */
export interface ClientHost {
  window: HostWindow
  document: Pick<Document, 'createElement' | 'body'>
  warn?(message: string, detail?: unknown): void
}

const HIDDEN_STYLE =
  'position:fixed;right:0;bottom:0;width:1px;height:1px;border:0;opacity:0;pointer-events:none;z-index:-1;color-scheme:normal;background:transparent'

/**
 * The frame client: one hidden iframe on the secure origin, the request calls core uses, the
 * EIP-1193 facade, the social popup's result, and showing the frame for its approval screen.
 */
export async function createEmbeddedWalletClient(
  options: EmbeddedWalletOptions,
  parameters: EmbeddedWalletLoadParameters,
  host: ClientHost = { window: window as unknown as HostWindow, document },
): Promise<EmbeddedWalletClient> {
  const listeners = new Set<(event: EmbeddedWalletEvent) => void>()
  // Events that arrive before core subscribed (NOT_CONNECTED right after READY) are kept for it.
  const early: EmbeddedWalletEvent[] = []
  const emit = (event: EmbeddedWalletEvent) => {
    if (listeners.size === 0) early.push(event)
    else for (const listener of listeners) listener(event)
  }
  let user: EmbeddedWalletUser | undefined
  let chainId: number | undefined

  let iframe!: HTMLIFrameElement
  const transport = createFrameTransport({
    frameUrl: options.frameUrl,
    query: {
      projectId: parameters.projectId,
      chainId: parameters.chainId,
      version: parameters.version,
      enableLogger: parameters.enableLogger,
      rpcUrl: parameters.rpcUrl,
      enableCloudAuthAccount: parameters.enableCloudAuthAccount ?? options.enableCloudAuthAccount,
      ...(parameters.locale ? { locale: parameters.locale } : {}),
      ...(parameters.themeMode ? { themeMode: parameters.themeMode } : {}),
    },
    window: host.window,
    warn: host.warn,
    mountFrame(src) {
      iframe = host.document.createElement('iframe')
      iframe.title = 'Portico secure wallet'
      iframe.style.cssText = HIDDEN_STYLE
      iframe.setAttribute('aria-hidden', 'true')
      iframe.tabIndex = -1
      iframe.dataset.testid = 'portico-secure-frame'
      // The frame needs none of the host's permissions, only passkeys (WebAuthn) on its own
      // origin: the factor screens create and use them there (CUSTODY.md).
      const secure = new URL(src).origin
      iframe.setAttribute('allow', `publickey-credentials-get ${secure}; publickey-credentials-create ${secure}`)
      iframe.referrerPolicy = 'origin'
      // Issue 28: a document that loaded without the frame's STARTING (the browser's error page for an
      // unreachable or blocked origin) fails the start within a short grace, not after 20 s.
      iframe.addEventListener('load', () => {
        if (!initialBlank(iframe)) transport.frameLoaded()
      })
      iframe.src = src
      host.document.body.appendChild(iframe)
      return iframe
    },
    onError: parameters.onError,
    onStartFailed(reason, storageAccess) {
      if (!storageAccess) hideFrame()
      parameters.onStartFailed?.({
        reason,
        // The frame's own button asks for storage on the user's click in it: the host lays it over a slot.
        ...(storageAccess
          ? { storageAccess: { showFrame: (rect: FrameRect) => showFrame(rect, 'Allow storage — Portico secure wallet'), hideFrame, destroy } }
          : {}),
      })
    },
    onEvent(kind, payload) {
      if (kind === 'RPC_APPROVAL_NEEDED') emit({ type: 'approvalNeeded', method: (payload as { method: string }).method })
      else if (kind === 'RPC_APPROVAL_DONE') emit({ type: 'approvalDone', approved: (payload as { approved: boolean }).approved })
      else if (kind === 'FACTOR_SCREEN_NEEDED') emit({ type: 'factorScreenNeeded', purpose: (payload as { purpose: FactorScreenPurpose }).purpose })
      else if (kind === 'FACTOR_SCREEN_DONE') emit({ type: 'factorScreenDone' })
      else if (kind === 'NOT_CONNECTED') {
        const had = user !== undefined
        user = undefined
        if (had) eip155.emitAccounts(undefined)
        syncSolana()
        emit({ type: 'notConnected' })
      }
    },
  })

  const setUser = (next: EmbeddedWalletUser) => {
    const before = addressOf(user)
    user = next
    const parsed = Number(next.chainId)
    if (Number.isSafeInteger(parsed)) chainId = parsed
    if (before && before !== addressOf(next)) eip155.emitAccounts(addressOf(next))
    syncSolana()
    return next
  }

  // The Solana account as a Wallet Standard wallet, registered in the page while a user is signed in.
  const solanaChains = parameters.chains?.solana ?? []
  const solana = createEmbeddedSolanaWallet(
    {
      address: () => user?.addresses?.solana,
      chains: () => solanaChains,
      rpc: (method, params, chain) => transport.request('RPC_REQUEST', { method, params, chainId: chain, chainNamespace: 'solana' }),
    },
    { name: EMBEDDED_WALLET_NAME, icon: EMBEDDED_WALLET_ICON },
  )
  // Registered once, at the first sign-in (the Wallet Standard has no unregistering from the
  // wallet's side); signed out, it has no accounts and tells its dapps so ('change').
  let solanaRegistered = false
  function syncSolana() {
    solana.refresh()
    if (solanaRegistered || !user?.addresses?.solana || solanaChains.length === 0 || typeof window === 'undefined') return
    solanaRegistered = true
    registerWallet(solana)
  }

  const eip155 = createEip155Provider({
    address: () => addressOf(user),
    chainId: () => chainId,
    async switchNetwork(target) {
      const result = await transport.request('SWITCH_NETWORK', { chainId: target })
      chainId = Number(result.chainId)
    },
    rpc: (method, params, chain) => transport.request('RPC_REQUEST', { method, params, chainId: chain, chainNamespace: 'eip155' }),
  })

  function showFrame(rect: FrameRect, title: string) {
    // Through the CSSOM, not the style attribute: a host page's CSP without 'unsafe-inline' allows it.
    iframe.style.cssText =
      `position:fixed;top:${rect.top}px;left:${rect.left}px;width:${rect.width}px;height:${rect.height}px;border:0;` +
      'opacity:1;pointer-events:auto;z-index:2147483647;color-scheme:normal;background:transparent' +
      clipTo(rect)
    iframe.removeAttribute('aria-hidden')
    iframe.tabIndex = 0
    iframe.title = title
  }
  function hideFrame() {
    iframe.style.cssText = HIDDEN_STYLE
    iframe.setAttribute('aria-hidden', 'true')
    iframe.tabIndex = -1
    iframe.title = 'Portico secure wallet'
  }
  function destroy() {
    transport.destroy()
    iframe.remove()
    listeners.clear()
  }

  try {
    await transport.ready
  } catch (error) {
    transport.destroy()
    iframe?.remove()
    throw error
  }
  // Ready after the user allowed storage on the frame's own button: the frame goes back to hiding.
  hideFrame()

  return {
    frameOrigin: transport.origin,
    connectEmail: (email) => transport.request('CONNECT_EMAIL', { email }),
    getFactors: () => transport.request('GET_FACTORS', {}),
    addFactor: (kind) => transport.request('ADD_FACTOR', { kind }),
    removeFactor: (id) => transport.request('REMOVE_FACTOR', { id }),
    connectDevice: async () => void (await transport.request('CONNECT_DEVICE', {})),
    connectOtp: async (otp) => {
      const { action, matchCode } = await transport.request('CONNECT_OTP', { otp })
      return action === 'VERIFY_DEVICE' ? { action, ...(matchCode ? { matchCode } : {}) } : { action: 'CONNECT' as const }
    },
    getUser: async (p) => setUser(await transport.request('GET_USER', p)),
    isConnected: async () => (await transport.request('IS_CONNECTED', {})).isConnected,
    getSocialRedirectUri: async (provider) => (await transport.request('GET_SOCIAL_REDIRECT_URI', { provider })).uri,
    waitForSocialResult: (popup) => waitForSocialResult(host, transport.origin, popup),
    connectSocial: async (p) => setUser(await transport.request('CONNECT_SOCIAL', p)),
    getFarcasterUri: async () => (await transport.request('GET_FARCASTER_URI', {})).url,
    connectFarcaster: async () => setUser(await transport.request('CONNECT_FARCASTER', {})),
    updateEmail: (email) => transport.request('UPDATE_EMAIL', { email }),
    updateEmailPrimaryOtp: async (otp) => void (await transport.request('UPDATE_EMAIL_PRIMARY_OTP', { otp })),
    async updateEmailSecondaryOtp(otp) {
      const result = await transport.request('UPDATE_EMAIL_SECONDARY_OTP', { otp })
      if (user) user = { ...user, email: result.newEmail }
      return result
    },
    syncTheme: async (themeMode) => void (await transport.request('SYNC_THEME', { themeMode })),
    syncLocale: async (locale) => void (await transport.request('SYNC_LOCALE', { locale })),
    syncDappData: async (data) => void (await transport.request('SYNC_DAPP_DATA', data)),
    getSmartAccountEnabledNetworks: async () => (await transport.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).smartAccountEnabledNetworks,
    async setPreferredAccount(type) {
      const result = await transport.request('SET_PREFERRED_ACCOUNT', { type })
      // SPEC §4 'reconnect': the frame's user is read again, so the eip155 facade answers the
      // account that acts now (and tells its listeners: accountsChanged).
      if (user) setUser(await transport.request('GET_USER', {}))
      return result
    },
    reload: async () => void (await transport.request('RELOAD', {})),
    async signOut() {
      try {
        await transport.request('SIGN_OUT', {})
      } finally {
        user = undefined
        syncSolana()
      }
    },
    abortRpc: async () => void (await transport.request('RPC_ABORT', {})),
    user: () => user,
    providerFor(namespace: ChainNamespace) {
      if (namespace === 'eip155') return eip155
      return namespace === 'solana' && solanaChains.length > 0 ? solana : undefined
    },
    onEvent(listener) {
      listeners.add(listener)
      for (const event of early.splice(0)) listener(event)
      return () => void listeners.delete(listener)
    },
    showFrame(rect: FrameRect) {
      showFrame(rect, 'Approve the request — Portico secure wallet')
      if (iframe.ownerDocument?.activeElement !== iframe) iframe.focus()
    },
    hideFrame,
    destroy,
  }
}

/** clip-path (which clips hit testing too) for the part of `rect` outside `rect.visible`. */
function clipTo(rect: FrameRect): string {
  const v = rect.visible
  if (!v) return ''
  const inset = [v.top - rect.top, rect.left + rect.width - v.right, rect.top + rect.height - v.bottom, v.left - rect.left]
  return `;clip-path:inset(${inset.map((n) => `${Math.max(0, Math.round(n))}px`).join(' ')})`
}

/** The initial about:blank an iframe may fire `load` for before its src (same-origin, so readable). */
function initialBlank(iframe: HTMLIFrameElement): boolean {
  try {
    return iframe.contentWindow?.location.href === 'about:blank'
  } catch {
    return false // cross-origin: the frame's document, or the browser's error page in its place
  }
}

/** How the embedded wallet appears to Solana dapps (Wallet Standard). */
const EMBEDDED_WALLET_NAME = 'Portico'
const EMBEDDED_WALLET_ICON =
  `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b82f6"/><path d="M10 23V9h7a5 5 0 0 1 0 10h-4v4z" fill="#fff"/></svg>')}` as const

/**
 * The eip155 account that acts: the frame's accounts[0] (its smart account where that is active,
 * else the EOA); `addresses.eip155` is always the EOA, the key's own address.
 */
function addressOf(user: EmbeddedWalletUser | undefined): string | undefined {
  return user?.accounts?.[0]?.address ?? user?.addresses?.eip155 ?? user?.address
}

/**
 * SPEC §7 'Social popup': the result is accepted only from the secure origin, only from the
 * popup this click opened, and only in the shape of the protocol's SOCIAL_RESULT. It says only
 * whether the sign-in finished (the server redeemed the provider's answer itself).
 */
function waitForSocialResult(host: ClientHost, origin: string, popup: PopupHandle) {
  let onMessage: (event: MessageLike) => void = () => {}
  const result = new Promise<'done' | 'error'>((resolve) => {
    onMessage = (event) => {
      if (event.origin !== origin || event.source !== popup.window) return
      const parsed = v.safeParse(SocialResultMessageSchema, event.data)
      if (!parsed.success) {
        ;(host.warn ?? console.warn)('[portico] ignored an invalid social result message', parsed.issues[0]?.message)
        return
      }
      host.window.removeEventListener('message', onMessage)
      resolve(parsed.output.payload.status)
    }
    host.window.addEventListener('message', onMessage)
  })
  return { result, cancel: () => host.window.removeEventListener('message', onMessage) }
}
