import type { ChainNamespace, EmbeddedWalletClient, EmbeddedWalletLoadParameters, EmbeddedWalletUser, FrameRect } from '@portico/core'
import { createEip155Provider } from './eip155Provider.js'
import { createEmbeddedSolanaWallet } from './solanaWallet.js'
import { registerWallet } from '@wallet-standard/wallet'
import { clientEventOf, createClientEvents } from './clientEvents.js'
import { createFrameElement } from './frameElement.js'
import { frameRequests } from './frameRequests.js'
import { createFrameTransport, type HostWindow } from './frameTransport.js'
import type { FrameQuery } from './protocol/index.js'
import type { EmbeddedWalletOptions } from './options.js'
import { waitForSocialResult } from './socialResult.js'

/** Where the client lives: the host page's window and document (fakes in unit tests). */
export interface ClientHost {
  window: HostWindow
  document: Pick<Document, 'createElement' | 'body'>
  warn?(message: string, detail?: unknown): void
}

/**
 * The frame client: one hidden iframe on the secure origin (frameElement.ts), the request calls core uses
 * (frameRequests.ts, and below those that change the signed-in user), the chain families' providers, the social
 * popup's result (socialResult.ts), and showing the frame for its approval screen.
 */
export async function createEmbeddedWalletClient(
  options: EmbeddedWalletOptions,
  parameters: EmbeddedWalletLoadParameters,
  host: ClientHost = { window: window as unknown as HostWindow, document },
): Promise<EmbeddedWalletClient> {
  const events = createClientEvents()
  let user: EmbeddedWalletUser | undefined
  let chainId: number | undefined

  const element = createFrameElement(host.document, () => transport.frameLoaded())
  const transport = createFrameTransport({
    frameUrl: options.frameUrl,
    query: frameQuery(options, parameters),
    window: host.window,
    warn: host.warn,
    mountFrame: element.mount,
    onError: parameters.onError,
    onStartFailed(reason, storageAccess) {
      if (!storageAccess) element.hide()
      parameters.onStartFailed?.({
        reason,
        // The frame's own button asks for storage on the user's click in it: the host lays it over a slot.
        ...(storageAccess
          ? {
              storageAccess: {
                showFrame: (rect: FrameRect) => element.show(rect, 'Allow storage — Portico secure wallet'),
                hideFrame: element.hide,
                destroy,
              },
            }
          : {}),
      })
    },
    onEvent(kind, payload) {
      if (kind !== 'NOT_CONNECTED') {
        const event = clientEventOf(kind, payload)
        if (event) events.emit(event)
        return
      }
      const had = user !== undefined
      user = undefined
      if (had) eip155.emitAccounts(undefined)
      syncSolana()
      events.emit({ type: 'notConnected' })
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

  function destroy() {
    transport.destroy()
    element.remove()
    events.clear()
  }

  try {
    await transport.ready
  } catch (error) {
    transport.destroy()
    element.remove()
    throw error
  }
  // Ready after the user allowed storage on the frame's own button: the frame goes back to hiding.
  element.hide()

  return {
    ...frameRequests(transport),
    frameOrigin: transport.origin,
    getUser: async (p) => setUser(await transport.request('GET_USER', p)),
    waitForSocialResult: (popup) => waitForSocialResult(host, transport.origin, popup),
    connectSocial: async (p) => setUser(await transport.request('CONNECT_SOCIAL', p)),
    connectFarcaster: async () => setUser(await transport.request('CONNECT_FARCASTER', {})),
    async updateEmailSecondaryOtp(otp) {
      const result = await transport.request('UPDATE_EMAIL_SECONDARY_OTP', { otp })
      if (user) user = { ...user, email: result.newEmail }
      return result
    },
    async setPreferredAccount(type) {
      const result = await transport.request('SET_PREFERRED_ACCOUNT', { type })
      // SPEC §4 'reconnect': the frame's user is read again, so the eip155 facade answers the
      // account that acts now (and tells its listeners: accountsChanged).
      if (user) setUser(await transport.request('GET_USER', {}))
      return result
    },
    async signOut() {
      try {
        await transport.request('SIGN_OUT', {})
      } finally {
        user = undefined
        syncSolana()
      }
    },
    user: () => user,
    providerFor(namespace: ChainNamespace) {
      if (namespace === 'eip155') return eip155
      return namespace === 'solana' && solanaChains.length > 0 ? solana : undefined
    },
    onEvent: events.subscribe,
    showFrame(rect: FrameRect) {
      element.show(rect, 'Approve the request — Portico secure wallet')
      element.focus()
    },
    hideFrame: element.hide,
    destroy,
  }
}

/** SPEC §7: the frame's query, from the host's options and core's load parameters. */
function frameQuery(options: EmbeddedWalletOptions, parameters: EmbeddedWalletLoadParameters): FrameQuery {
  return {
    projectId: parameters.projectId,
    chainId: parameters.chainId,
    version: parameters.version,
    enableLogger: parameters.enableLogger,
    rpcUrl: parameters.rpcUrl,
    enableCloudAuthAccount: parameters.enableCloudAuthAccount ?? options.enableCloudAuthAccount,
    ...(parameters.locale ? { locale: parameters.locale } : {}),
    ...(parameters.themeMode ? { themeMode: parameters.themeMode } : {}),
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
