/** SPEC §9 'Time': the embedded wallet frame's timeouts. */
export const FrameTimeouts = {
  loadMs: 20_000,
  postReadyDelayMs: 500,
  /** connect email, device, OTP, social, social redirect URI */
  connectMs: 120_000,
  signOutMs: 3_000,
  /**
   * Added (issue 28): how long after its document loaded the frame has to say STARTING (its
   * script sends it before the load event; this covers the two processes' message order).
   */
  startingGraceMs: 2_000,
} as const

/** Requests that may take the user's time (SPEC §9: 120 s). */
export const LongRequests = [
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_SOCIAL_REDIRECT_URI',
  'CONNECT_FARCASTER',
  'UPDATE_EMAIL',
  'UPDATE_EMAIL_PRIMARY_OTP',
  'UPDATE_EMAIL_SECONDARY_OTP',
] as const
/**
 * Requests that are mostly the user's time on one of the frame's factor screens (creating a
 * passkey, typing a password): 10 minutes. Any other request that shows a factor screen
 * (CONNECT_OTP, CONNECT_DEVICE, CONNECT_SOCIAL and CONNECT_FARCASTER unlock a protected wallet, UPDATE_EMAIL
 * confirms) keeps its SPEC §9 timeout, which restarts once the screen is done; while it is up,
 * FactorScreenTimeoutMs applies.
 */
export const FactorRequests = ['ADD_FACTOR', 'REMOVE_FACTOR'] as const
export const FactorScreenTimeoutMs = 600_000

/** SPEC §7 'Embedded wallet frame': query params of the frame URL. */
export interface FrameQuery {
  projectId: string
  chainId: string | number
  version: string
  enableLogger: boolean
  rpcUrl: string
  enableCloudAuthAccount?: boolean
  /**
   * Added (issue 28): what the frame draws in before the host's SYNC_LOCALE and SYNC_THEME can
   * reach it (its storage-access button, shown before READY). A locale code and a mode, never text.
   */
  locale?: string
  themeMode?: 'dark' | 'light'
}

/** SPEC §8: reported when the frame does not load in time, or a request times out. */
export const FrameErrors = {
  loadFailed: 'iframe_load_failed',
  requestTimeout: 'iframe_request_timeout',
} as const
