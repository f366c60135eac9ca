import type {
  EmbeddedWalletClient,
  EmbeddedWalletEvent,
  EmbeddedWalletLoadParameters,
  EmbeddedWalletLoader,
  EmbeddedWalletUser,
  PopupHandle,
  WalletFactors,
} from '../embedded/types.js'
import { AUTH_CONNECTOR_ID } from '../embedded/authConnector.js'
import type { CreatePorticoOptions } from '../portico.js'
import { ADDRESS, testPortico } from './fakes.js'

export const FRAME_ORIGIN = 'http://127.0.0.1:8788'
export const EMBEDDED_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/**
 * A scripted frame client: core's rules around the frame are what these tests check; the real
 * client (origin pinning, schemas, timeouts) is tested in @portico/embedded. Every request is
 * recorded in `calls`; a test replaces any method to script the frame's answer.
 */
export function fakeEmbeddedClient(user: EmbeddedWalletUser = { email: 'ada@example.com', address: EMBEDDED_ADDRESS, chainId: 31337 }) {
  const calls: string[] = []
  const listeners = new Set<(event: EmbeddedWalletEvent) => void>()
  let current: EmbeddedWalletUser | undefined
  let socialResult: ((status: 'done' | 'error') => void) | undefined
  let factors: WalletFactors = { protected: false, factors: [] }
  const provider = { request: async () => [current?.address] }
  const client: EmbeddedWalletClient & {
    calls: string[]
    emit(event: EmbeddedWalletEvent): void
    sendSocialResult(status?: 'done' | 'error'): void
    setUser(next: EmbeddedWalletUser | undefined): void
    frameShown: boolean
  } = {
    calls,
    frameShown: false,
    frameOrigin: FRAME_ORIGIN,
    emit: (event) => listeners.forEach((l) => l(event)),
    sendSocialResult: (status = 'done') => socialResult?.(status),
    setUser: (next) => void (current = next),
    async connectEmail(email) {
      calls.push(`CONNECT_EMAIL ${email}`)
      return { action: 'VERIFY_OTP' }
    },
    async connectDevice() {
      calls.push('CONNECT_DEVICE')
    },
    async connectOtp(otp) {
      calls.push(`CONNECT_OTP ${otp}`)
      current = user
      return { action: 'CONNECT' as const }
    },
    async getUser(p) {
      calls.push(`GET_USER ${p.chainId} ${p.preferredAccountType}`)
      current ??= user
      return current
    },
    async isConnected() {
      calls.push('IS_CONNECTED')
      return current !== undefined
    },
    async getSocialRedirectUri(provider) {
      calls.push(`GET_SOCIAL_REDIRECT_URI ${provider}`)
      return `http://127.0.0.1:8790/auth?provider=${provider}`
    },
    waitForSocialResult(_popup: PopupHandle) {
      return { result: new Promise<'done' | 'error'>((resolve) => (socialResult = resolve)), cancel: () => (socialResult = undefined) }
    },
    async connectSocial(p) {
      calls.push(`CONNECT_SOCIAL ${p.chainId}`)
      current = { ...user, email: null, userName: 'ada' }
      return current
    },
    async getFarcasterUri() {
      calls.push('GET_FARCASTER_URI')
      return 'https://farcaster.example/~/siwf?channelToken=abc'
    },
    async connectFarcaster() {
      calls.push('CONNECT_FARCASTER')
      current = { ...user, email: null, userName: 'ada.eth' }
      return current
    },
    async updateEmail(email) {
      calls.push(`UPDATE_EMAIL ${email}`)
      return { action: 'VERIFY_PRIMARY_OTP' }
    },
    async getFactors() {
      calls.push('GET_FACTORS')
      return factors
    },
    async addFactor(kind) {
      calls.push(`ADD_FACTOR ${kind}`)
      factors = {
        protected: true,
        factors: [...factors.factors, { id: `${kind}-id`.padEnd(32, '0'), kind, createdAt: '2030-01-01T00:00:00.000Z', lastUsedAt: null }],
      }
      return factors
    },
    async removeFactor(id) {
      calls.push(`REMOVE_FACTOR ${id}`)
      const rest = factors.factors.filter((f) => f.id !== id)
      factors = { protected: rest.length > 0, factors: rest }
      return factors
    },
    async updateEmailPrimaryOtp(otp) {
      calls.push(`UPDATE_EMAIL_PRIMARY_OTP ${otp}`)
    },
    async updateEmailSecondaryOtp(otp) {
      calls.push(`UPDATE_EMAIL_SECONDARY_OTP ${otp}`)
      current = { ...current!, email: 'new@example.com' }
      return { newEmail: 'new@example.com' }
    },
    async syncTheme(themeMode) {
      calls.push(`SYNC_THEME ${themeMode}`)
    },
    async syncLocale(locale) {
      calls.push(`SYNC_LOCALE ${locale}`)
    },
    async syncDappData(data) {
      calls.push(`SYNC_DAPP_DATA ${data.projectId}`)
    },
    async getSmartAccountEnabledNetworks() {
      calls.push('GET_SMART_ACCOUNT_ENABLED_NETWORKS')
      return [31337]
    },
    async setPreferredAccount(type) {
      calls.push(`SET_PREFERRED_ACCOUNT ${type}`)
      current = { ...current!, address: ADDRESS, preferredAccountType: type }
      return { type, address: ADDRESS }
    },
    async reload() {
      calls.push('RELOAD')
    },
    async signOut() {
      calls.push('SIGN_OUT')
      current = undefined
    },
    async abortRpc() {
      calls.push('RPC_ABORT')
    },
    user: () => current,
    providerFor: (namespace) => (namespace === 'eip155' ? provider : undefined),
    onEvent(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    showFrame() {
      client.frameShown = true
    },
    hideFrame() {
      client.frameShown = false
    },
    destroy() {},
  }
  return client
}
export type FakeEmbeddedClient = ReturnType<typeof fakeEmbeddedClient>

export function fakeEmbeddedLoader(client: FakeEmbeddedClient) {
  const loader: EmbeddedWalletLoader & { loads: EmbeddedWalletLoadParameters[] } = {
    frameUrl: `${FRAME_ORIGIN}/`,
    socialLoadingUrl: `${FRAME_ORIGIN}/social/loading`,
    loads: [],
    async load(parameters) {
      loader.loads.push(parameters)
      return client
    },
  }
  return loader
}

/** A popup the test closes or inspects. */
export function fakePopup() {
  const popup = {
    closed: false,
    window: { name: 'popup' },
    urls: [] as string[],
    navigate: (url: string) => void popup.urls.push(url),
    close: () => void (popup.closed = true),
  }
  return popup
}

/**
 * A test instance with the embedded wallet configured: the scripted adapter accepts the AUTH
 * connector and connects it to the frame user's address.
 */
export function embeddedTestPortico(overrides: Partial<CreatePorticoOptions> = {}, client = fakeEmbeddedClient()) {
  const loader = fakeEmbeddedLoader(client)
  const popups: Array<{ url: string; size: { width: number; height: number }; popup: ReturnType<typeof fakePopup> }> = []
  const t = testPortico({
    embeddedWallet: loader,
    ...overrides,
    environment: {
      isMobile: () => false,
      origin: () => 'http://127.0.0.1:5173',
      href: () => 'http://127.0.0.1:5173/',
      fetch: globalThis.fetch,
      randomUUID: () => 'uuid',
      openPopup: (url, size) => {
        const popup = fakePopup()
        popups.push({ url, size, popup })
        return popup
      },
      ...overrides.environment,
    },
  })
  const added: string[] = []
  t.adapter.addConnector = (connector) => void added.push(`${connector.id}:${connector.type}`)
  t.adapter.connectResult = async () => ({
    connectorId: AUTH_CONNECTOR_ID,
    accounts: [{ address: client.user()?.address ?? EMBEDDED_ADDRESS, type: 'eoa' }],
    caipNetworkId: 'eip155:31337',
  })
  return { ...t, client, loader, popups, added }
}
