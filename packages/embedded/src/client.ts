import type { ChainNamespace, EmbeddedWalletClient, EmbeddedWalletLoadParameters, EmbeddedWalletUser, FrameRect } from '@portico/core'
import { clientEventOf, createClientEvents } from './clientEvents.js'
import { embeddedFamilies } from './families.js'
import type { UserChange } from './family.js'
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
      changeUser(undefined, 'notConnected')
      events.emit({ type: 'notConnected' })
    },
  })

  // Each chain family's provider over the frame (families.ts), told when the user changes.
  const links = new Map(
    embeddedFamilies.map((family) => [
      family.namespace,
      family.link({
        user: () => user,
        chains: parameters.chains?.[family.namespace] ?? [],
        transport,
        rpc: (method, params, chainId) => transport.request('RPC_REQUEST', { method, params, chainId, chainNamespace: family.namespace }),
        wallet: { name: EMBEDDED_WALLET_NAME, icon: EMBEDDED_WALLET_ICON },
      }),
    ]),
  )
  const changeUser = (next: EmbeddedWalletUser | undefined, change: UserChange) => {
    const before = user
    user = next
    links.forEach((link) => link.userChanged(before, change))
  }
  const setUser = (next: EmbeddedWalletUser) => {
    changeUser(next, 'read')
    return next
  }

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
        changeUser(undefined, 'signOut')
      }
    },
    user: () => user,
    providerFor: (namespace: ChainNamespace) => links.get(namespace)?.provider,
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

/** How the embedded wallet appears where a family lists wallets (Solana's Wallet Standard). */
const EMBEDDED_WALLET_NAME = 'Portico'
const EMBEDDED_WALLET_ICON =
  `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b82f6"/><path d="M10 23V9h7a5 5 0 0 1 0 10h-4v4z" fill="#fff"/></svg>')}` as const
