/** SPEC §9 'Defaults' and the time constants the rules use. Values only; rules live in actions. */

export interface Features {
  receive: boolean
  send: boolean
  emailShowWallets: boolean
  analytics: boolean
  allWallets: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  collapseWallets: boolean
  pay: boolean
}

export const SocialProviders = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const
export type SocialProvider = (typeof SocialProviders)[number]
/** SPEC §5 'Embedded wallet input': the social providers signed in through an OAuth redirect (farcaster has its own flow). */
export const OAuthSocialProviders = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const satisfies readonly SocialProvider[]
export type OAuthSocialProvider = (typeof OAuthSocialProviders)[number]

export interface RemoteFeatures {
  swaps: false | string[]
  onramp: false | string[]
  email: boolean
  socials: false | SocialProvider[]
  activity: boolean
  branding: boolean
  multiWallet: boolean
  emailCapture: boolean
  payWithExchange: boolean
  payments: boolean
}

export const DefaultFeatures: Features = {
  receive: true,
  send: true,
  emailShowWallets: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
}

export const DefaultRemoteFeatures: RemoteFeatures = {
  swaps: ['sandbox'],
  onramp: ['sandbox'],
  email: true,
  socials: [...SocialProviders],
  activity: true,
  branding: true,
  multiWallet: false,
  emailCapture: false,
  payWithExchange: false,
  payments: false,
}

/** SPEC §9 'Wallet feature order'. */
export const WalletFeatureOrder = ['onramp', 'swaps', 'receive', 'send'] as const

export const SdkDefaults = {
  sdkType: 'portico',
  /** SPEC §9: SDK version is 4. */
  sdkVersion: '4.0.0',
  /** SPEC §9: default log level is error. */
  logLevel: 'error',
  /** SPEC §9: default chain is eip155:1. */
  defaultCaipNetworkId: 'eip155:1',
} as const

export const Time = {
  /** SPEC §2 'Layout and timing'. */
  viewTransitionMs: 150,
  heightChangeMs: 150,
  headerTextMs: 120,
  shakeMs: 500,
  /** SPEC §4 'Snack' / §9. */
  snackReshowMs: 150,
  /** SPEC §2 Farcaster back rule / §9 reload delay. */
  reloadDelayMs: 100,
  /** SPEC §9. */
  pairingLifetimeMs: 4 * 60_000,
  pairingExpiryMarginMs: 10_000,
  balanceRetryGapMs: 30_000,
  imagePreloadTimeoutMs: 2_000,
  pollIntervalMs: 1_000,
  defaultDebounceMs: 500,
  emailLoginCooldownMs: 30_000,
  /** SPEC §9: verification timeout and heartbeat, 5 s each. */
  verificationTimeoutMs: 5_000,
  heartbeatMs: 5_000,
  /** How long a silent reconnect waits for the stored wallet to announce itself. */
  reconnectAnnounceWaitMs: 1_000,
} as const

/** SPEC §7 'RPC': JSON-RPC to a chain endpoint — timeout, retries with exponential backoff from the delay, batch size. */
export const RpcPolicy = { timeoutMs: 10_000, retryCount: 3, retryDelayMs: 150, batchSize: 1000 } as const

/** SPEC §9 'Lists and paging'. */
export const Limits = {
  recentWallets: 2,
  recommendedWallets: 4,
  walletPageSize: 40,
  walletSearchSize: 100,
  walletSearchWaitMs: 300,
  pendingTransactions: 99,
} as const

/** SPEC §9 'Cache lifetimes'. */
export const CacheLifetimes = {
  portfolio: 30_000,
  nativeBalance: 30_000,
  name: 5 * 60_000,
  identity: 5 * 60_000,
  transactions: 15_000,
  tokenPrice: 15_000,
} as const
export type CacheKind = keyof typeof CacheLifetimes

/** SPEC §4 'Error reporting' / §9 'Throttle': analytics error reports, at most 5 per 60 s. */
export const ErrorReportThrottle = { max: 5, windowMs: 60_000 } as const
