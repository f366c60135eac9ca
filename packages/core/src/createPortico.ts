import type { ChainNamespace } from './spec/caip.js'
import type { ServerSiwxOptions, SIWXConfig } from './siwx/config.js'
import type { CreatePorticoOptions, Portico } from './portico.js'
import { getProvider } from './actions/getProvider.js'
import { defaultEnvironment, memoryStorage, systemClock } from './environment.js'
import { createLogger } from './utils/logger.js'
import { resolveOptions } from './options.js'
import { createStorage } from './storage.js'
import { createAccountStore } from './stores/account.js'
import { createConnectionsStore } from './stores/connections.js'
import { createModalStore } from './stores/modal.js'
import { createNetworkStore } from './stores/network.js'
import { createRouterStore } from './stores/router.js'
import { createSnackStore } from './stores/snack.js'
import { createSendStore } from './stores/send.js'
import { createSwapStore } from './stores/swap.js'
import { SWAP_SLIPPAGE_PERCENT } from './spec/swapSlippage.js'
import { createSiwxStore } from './stores/siwx.js'
import { createNamesStore } from './stores/names.js'
import { createOnrampStore } from './stores/onramp.js'
import { createWalletConnectStore } from './stores/walletConnect.js'
import { createWalletsStore } from './stores/wallets.js'
import { createThemeStore } from './stores/theme.js'
import { createProjectStore } from './stores/project.js'
import { createNftsStore, createTransactionsStore } from './stores/activity.js'
import { createCache } from './cache.js'
import { createEmbeddedStore } from './stores/embedded.js'
import { createHttpClient } from './api/http.js'

/**
 * Creates one Portico instance: validated options, fresh stores, no side effects until
 * `initialize()` runs. No module-level state, so two instances can share a page.
 */
export function createPortico(options: CreatePorticoOptions): Portico {
  const resolved = resolveOptions(options)
  const storage = createStorage(options.storage ?? defaultStorage())
  const storedNamespace = storage.getActiveNamespace()
  const activeNamespace: ChainNamespace =
    storedNamespace && resolved.networks.some((n) => n.chainNamespace === storedNamespace) ? storedNamespace : resolved.defaultNetwork.chainNamespace
  const storedNetworkId = storage.getActiveCaipNetworkId()
  const caipNetwork =
    resolved.networks.find((n) => n.caipNetworkId === storedNetworkId && n.chainNamespace === activeNamespace) ??
    (resolved.defaultNetwork.chainNamespace === activeNamespace ? resolved.defaultNetwork : resolved.networks.find((n) => n.chainNamespace === activeNamespace))

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
          defaultQuery: () => ({
            projectId: resolved.projectId,
            st: resolved.sdkType,
            sv: resolved.sdkVersion,
            clientId: portico.stores.project.getState().clientId,
          }),
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
    subscribe<T>(selector: (portico: Portico) => T, listener?: (selected: T, previous: T) => void, { equalityFn = Object.is } = {}) {
      let selected = listener && selector(portico)
      const stops = Object.values(portico.stores).map((store) =>
        store.subscribe(() => {
          // The listener form: called after any change, nothing selected.
          if (!listener) return selector(portico)
          const previous = selected!
          selected = selector(portico)
          if (!equalityFn(selected, previous)) listener(selected, previous)
        }),
      )
      return () => stops.forEach((stop) => stop())
    },
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
    createAuthRequest: async (input) => (await real).createAuthRequest!(input),
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
