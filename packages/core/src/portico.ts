import type { ChainAdapter } from './adapter.js'
import type { ChainNamespace } from './spec/caip.js'
import { defaultEnvironment, memoryStorage, systemClock, type Clock, type Environment } from './environment.js'
import { createLogger, type Logger } from './utils/logger.js'
import { resolveOptions, type PorticoOptions, type ResolvedOptions } from './options.js'
import { createStorage, type PorticoStorage } from './storage.js'
import { createAccountStore, type AccountStore } from './stores/account.js'
import { createConnectionsStore, type ConnectionsStore } from './stores/connections.js'
import { createModalStore, type ModalStore } from './stores/modal.js'
import { createNetworkStore, type NetworkStore } from './stores/network.js'
import { createRouterStore, type RouterStore } from './stores/router.js'
import { createSnackStore, type SnackStore } from './stores/snack.js'
import { createSendStore, type SendStore } from './stores/send.js'
import { createSwapStore, type SwapStore } from './stores/swap.js'
import { SWAP_SLIPPAGE_PERCENT } from './spec/swapSlippage.js'
import { createSiwxStore, type SiwxStore } from './stores/siwx.js'
import { createNamesStore, type NamesStore } from './stores/names.js'
import { createOnrampStore, type OnrampStore } from './stores/onramp.js'
import type { ServerSiwxOptions, SIWXConfig } from './siwx/config.js'
import { createWalletConnectStore, type WalletConnectStore } from './stores/walletConnect.js'
import { createWalletsStore, type WalletsStore } from './stores/wallets.js'
import type { WalletConnectClient, WalletConnectSession } from './walletconnect/client.js'
import { createThemeStore, type ThemeStore } from './stores/theme.js'
import { createProjectStore, type ProjectStore } from './stores/project.js'
import { createNftsStore, createTransactionsStore, type NftsStore, type TransactionsStore } from './stores/activity.js'
import { createCache, type PorticoCache } from './cache.js'
import { createEmbeddedStore, type EmbeddedStore } from './stores/embedded.js'
import type { EmbeddedWalletClient } from './embedded/client.js'
import { createHttpClient, type HttpClient } from './api/http.js'
import { getProvider, type GetProviderReturnType, type SolanaWalletProvider } from './actions/getProvider.js'

/** What the embedded wallet's connector offers core (filled in by @portico/embedded). */
export interface AuthConnectorHandle {
  reload(): Promise<void> | void
  syncTheme?(themeMode: 'dark' | 'light'): Promise<void> | void
}

export interface Portico {
  readonly options: ResolvedOptions
  readonly adapters: ReadonlyMap<ChainNamespace, ChainAdapter>
  readonly stores: {
    router: RouterStore
    modal: ModalStore
    connections: ConnectionsStore
    account: AccountStore
    network: NetworkStore
    theme: ThemeStore
    snack: SnackStore
    project: ProjectStore
    send: SendStore
    swap: SwapStore
    siwx: SiwxStore
    names: NamesStore
    onramp: OnrampStore
    walletConnect: WalletConnectStore
    wallets: WalletsStore
    transactions: TransactionsStore
    nfts: NftsStore
    embedded: EmbeddedStore
  }
  readonly storage: PorticoStorage
  /** Sign-in with the wallet, when the host configured it. */
  readonly siwx: SIWXConfig | undefined
  readonly cache: PorticoCache
  /** The Portico server's API; undefined when no apiUrl is configured. */
  readonly api: HttpClient | undefined
  readonly clock: Clock
  readonly environment: Environment
  readonly logger: Logger
  auth: AuthConnectorHandle | undefined
  /** Called when the modal closes: pending email or pairing connects reject with 'Modal closed'. */
  readonly modalCloseListeners: Set<() => void>
  /** The WalletConnect client once loaded (on first use). */
  walletConnectClient: Promise<WalletConnectClient> | undefined
  /** The pairing in flight, reused while unexpired (SPEC §4 cache rule). */
  pendingPairing: Promise<WalletConnectSession> | undefined
  /** The embedded wallet's frame client once loaded (on first email or social use). */
  embeddedWalletClient: Promise<EmbeddedWalletClient> | undefined
  /** Analytics bookkeeping: error report times (throttle) and whether the server refused us. */
  /** `ready`: settles once the project's analytics consent is known (initialize); events wait for it. */
  readonly analytics: { errorReportTimes: number[]; forbidden: boolean; ready?: Promise<unknown> }
  /** Cleanups registered by initialize(); run by destroy(). */
  readonly cleanups: Array<() => void>
  /** Timers owned by actions (snack re-show, …), keyed by purpose so a rule can cancel its own. */
  readonly timers: Map<string, unknown>
  /** The public providers, one per namespace, made on the first `getProvider` call. */
  readonly publicProviders: Map<ChainNamespace, unknown>
  /** Same as the `getProvider(portico, namespace)` action. */
  getProvider(namespace: 'solana'): SolanaWalletProvider | undefined
  getProvider(namespace?: ChainNamespace): GetProviderReturnType
  destroy(): void
}

export interface CreatePorticoOptions extends PorticoOptions {
  /** Render inline in the host page instead of as an overlay (SPEC §2 'embedded mode'). */
  embedded?: boolean
}

/**
 * Creates one Portico instance: validated options, fresh stores, no side effects until
 * `initialize()` runs. No module-level state, so two instances can share a page.
 */
export function createPortico(options: CreatePorticoOptions): Portico {
  const resolved = resolveOptions(options)
  const storage = createStorage(options.storage ?? defaultStorage())
  const storedNamespace = storage.getActiveNamespace()
  const activeNamespace: ChainNamespace =
    storedNamespace && resolved.networks.some((n) => n.chainNamespace === storedNamespace)
      ? storedNamespace
      : resolved.defaultNetwork.chainNamespace
  const storedNetworkId = storage.getActiveCaipNetworkId()
  const caipNetwork =
    resolved.networks.find((n) => n.caipNetworkId === storedNetworkId && n.chainNamespace === activeNamespace) ??
    (resolved.defaultNetwork.chainNamespace === activeNamespace
      ? resolved.defaultNetwork
      : resolved.networks.find((n) => n.chainNamespace === activeNamespace))

  const cleanups: Array<() => void> = []
  const clock = options.clock ?? systemClock
  const environment = options.environment ?? defaultEnvironment()
  const portico: Portico = {
    options: resolved,
    adapters: new Map(resolved.adapters.map((adapter) => [adapter.namespace, adapter])),
    stores: {
      router: createRouterStore(),
      modal: createModalStore(options.embedded ?? false),
      connections: createConnectionsStore(),
      account: createAccountStore(),
      network: createNetworkStore({ activeNamespace, caipNetwork, requestedCaipNetworks: resolved.networks }),
      theme: createThemeStore({ themeMode: resolved.themeMode, themeVariables: resolved.themeVariables }),
      snack: createSnackStore(),
      send: createSendStore(),
      swap: createSwapStore(SWAP_SLIPPAGE_PERCENT),
      siwx: createSiwxStore(),
      names: createNamesStore(),
      onramp: createOnrampStore(),
      transactions: createTransactionsStore(),
      nfts: createNftsStore(),
      walletConnect: createWalletConnectStore(),
      wallets: createWalletsStore(),
      embedded: createEmbeddedStore(),
      project: createProjectStore({
        remoteFeatures: resolved.remoteFeatures,
        analyticsEnabled: resolved.features.analytics && Boolean(resolved.apiUrl),
      }),
    },
    storage,
    siwx: undefined,
    cache: createCache(storage, clock),
    api: resolved.apiUrl
      ? createHttpClient({
          baseUrl: resolved.apiUrl,
          fetch: environment.fetch,
          defaultQuery: () => ({ projectId: resolved.projectId, st: resolved.sdkType, sv: resolved.sdkVersion }),
        })
      : undefined,
    clock,
    environment,
    logger: createLogger(resolved.debug ? 'debug' : 'error'),
    auth: undefined,
    walletConnectClient: undefined,
    pendingPairing: undefined,
    embeddedWalletClient: undefined,
    modalCloseListeners: new Set(),
    analytics: { errorReportTimes: [], forbidden: false },
    cleanups,
    timers: new Map(),
    publicProviders: new Map(),
    getProvider: ((namespace?: ChainNamespace) => getProvider(portico, namespace)) as Portico['getProvider'],
    destroy() {
      while (cleanups.length) cleanups.pop()!()
      for (const handle of portico.timers.values()) portico.clock.clearTimeout(handle)
      portico.timers.clear()
    },
  }
  const siwxOption = resolved.siwx
  if (siwxOption && 'kind' in siwxOption) {
    ;(portico as { siwx: SIWXConfig | undefined }).siwx = lazyServerSiwx(portico, siwxOption)
  } else (portico as { siwx: SIWXConfig | undefined }).siwx = siwxOption
  return portico
}

/** The server-backed sign-in, whose code loads on first use. */
function lazyServerSiwx(portico: Portico, options: ServerSiwxOptions): SIWXConfig {
  const real = import('./siwx/serverConfig.js').then((m) => m.createServerSiwx(portico.api!, portico.environment, portico.storage, portico.clock, options))
  real.catch(() => undefined)
  return {
    createMessage: async (input) => (await real).createMessage(input),
    addSession: async (session) => (await real).addSession(session),
    revokeSession: async (chainId, address) => (await real).revokeSession(chainId, address),
    setSessions: async (sessions) => (await real).setSessions(sessions),
    getSessions: async (chainId, address) => (await real).getSessions(chainId, address),
    getRequired: () => options.required ?? false,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
  }
}

function defaultStorage() {
  try {
    if (typeof localStorage !== 'undefined') return localStorage
  } catch {
    // Access to localStorage can throw in sandboxed frames.
  }
  return memoryStorage()
}
