import type { ChainAdapter } from './adapter.js'
import type { ChainNamespace } from './spec/caip.js'
import type { Clock, Environment } from './environment.js'
import type { Logger } from './utils/logger.js'
import type { PorticoOptions, ResolvedOptions } from './options.js'
import type { PorticoStorage } from './storage.js'
import type { AccountStore } from './stores/account.js'
import type { ConnectionsStore } from './stores/connections.js'
import type { ModalStore } from './stores/modal.js'
import type { NetworkStore } from './stores/network.js'
import type { RouterStore } from './stores/router.js'
import type { SnackStore } from './stores/snack.js'
import type { SendStore } from './stores/send.js'
import type { SwapStore } from './stores/swap.js'
import type { SiwxStore } from './stores/siwx.js'
import type { NamesStore } from './stores/names.js'
import type { OnrampStore } from './stores/onramp.js'
import type { SIWXConfig } from './siwx/config.js'
import type { WalletConnectStore } from './stores/walletConnect.js'
import type { WalletsStore } from './stores/wallets.js'
import type { WalletConnectClient, WalletConnectSession } from './walletconnectClient.js'
import type { ThemeStore } from './stores/theme.js'
import type { ProjectStore } from './stores/project.js'
import type { NftsStore, TransactionsStore } from './stores/activity.js'
import type { PorticoCache } from './cache.js'
import type { EmbeddedStore } from './stores/embedded.js'
import type { EmbeddedWalletClient } from './embedded/types.js'
import type { HttpClient } from './api/http.js'
import type { GetProviderReturnType, SolanaWalletProvider } from './provider/types.js'

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
  /**
   * Calls the listener after any change of any store (ARCHITECTURE 'Core shape'); returns the unsubscribe.
   * A view reads what it needs through a selector (usePorticoSelector in @portico/react).
   */
  subscribe(listener: () => void): () => void
  /**
   * Calls `listener(selected, previous)` when what `selector` reads of the instance changes by `equalityFn`
   * (Object.is by default), as wagmi's `config.subscribe(selector, listener)`; returns the unsubscribe.
   */
  subscribe<T>(selector: (portico: Portico) => T, listener: (selected: T, previous: T) => void, options?: SubscribeOptions<T>): () => void
  destroy(): void
}

export interface SubscribeOptions<T> {
  /** When two selections count as the same (no call); Object.is by default. */
  equalityFn?: (a: T, b: T) => boolean
}

export interface CreatePorticoOptions extends PorticoOptions {
  /** Render inline in the host page instead of as an overlay (SPEC §2 'embedded mode'). */
  embedded?: boolean
}
