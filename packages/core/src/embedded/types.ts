import type { ChainNamespace } from '../spec/caip.js'
import type { Locale } from '../i18n/locales.js'
import type { OAuthSocialProvider } from '../spec/defaults.js'
import type { PopupHandle } from '../environment.js'

// The popup is the environment's (Environment.openPopup); named here too for the embedded wallet's users.
export type { PopupHandle }

/** SPEC §4 'Email login': connecting by email returns one of these actions. */
export type EmailLoginAction = 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'
/** SPEC §4 'Email update': the two steps of the embedded update. */
export type EmailUpdateAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'
export type EmbeddedAccountType = 'eoa' | 'smartAccount'
/** The user-held factors that protect an embedded wallet (CUSTODY.md). */
export type WalletFactorKind = 'passkey' | 'password'
export interface WalletFactors {
  /** true: a new device needs one of the factors; the mailbox alone does not open the wallet. */
  protected: boolean
  factors: Array<{ id: string; kind: WalletFactorKind; createdAt: string; lastUsedAt: string | null }>
}
/** Why the frame shows one of its own factor screens. */
export type FactorScreenPurpose = 'add-passkey' | 'add-password' | 'unlock' | 'verify'
/** SPEC §5 'Embedded wallet input': the social providers of the frame (farcaster has its own flow). */
export type EmbeddedSocialProvider = OAuthSocialProvider

/** SPEC §3 'Embedded-wallet user' (what core reads of it). */
export interface EmbeddedWalletUser {
  email?: string | null
  address: string
  chainId: string | number
  accounts?: Array<{ address: string; type: EmbeddedAccountType }>
  /** Addresses per chain family. */
  addresses?: Record<string, string>
  userName?: string
  preferredAccountType?: EmbeddedAccountType
}

/** Events the frame sends without being asked. */
export type EmbeddedWalletEvent =
  | { type: 'approvalNeeded'; method: string }
  | { type: 'approvalDone'; approved: boolean }
  | { type: 'notConnected' }
  /** The frame draws a factor screen (passkey, password): the host shows it until factorScreenDone. */
  | { type: 'factorScreenNeeded'; purpose: FactorScreenPurpose }
  | { type: 'factorScreenDone' }

/** Where the frame is drawn while it shows its approval screen (viewport pixels). */
export interface FrameRect {
  top: number
  left: number
  width: number
  height: number
  /** The part of the page where the frame may show (a scrolled container's box): the rest of it is clipped. */
  visible?: { top: number; right: number; bottom: number; left: number }
}

/**
 * What @portico/embedded provides once loaded: the frame client. Core never imports it; every
 * message to the frame goes through these calls (SPEC §7 'Embedded wallet frame').
 */
export interface EmbeddedWalletClient {
  /** The secure origin the frame was loaded from (results are accepted from it only). */
  readonly frameOrigin: string
  /** VERIFY_DEVICE comes with matchCode: the code the approval mail and page show too. */
  connectEmail(email: string): Promise<{ action: EmailLoginAction; matchCode?: string }>
  /** Resolves once the user approved this device from the link in their email (signed in then). */
  connectDevice(): Promise<void>
  /**
   * The code from the email: CONNECT (signed in) or, for a known wallet on a device it has not
   * seen, VERIFY_DEVICE with matchCode (an approval link was mailed; then connectDevice).
   */
  connectOtp(otp: string): Promise<{ action: 'CONNECT' | 'VERIFY_DEVICE'; matchCode?: string }>
  getUser(parameters: { chainId?: string | number; preferredAccountType?: EmbeddedAccountType }): Promise<EmbeddedWalletUser>
  isConnected(): Promise<boolean>
  getSocialRedirectUri(provider: EmbeddedSocialProvider): Promise<string>
  /**
   * Whether the sign-in in the popup finished; only from the secure origin and from that popup.
   * Nothing else comes back: the server redeemed the provider's answer itself.
   */
  waitForSocialResult(popup: PopupHandle): { result: Promise<'done' | 'error'>; cancel(): void }
  /** The frame fetches the finished sign-in's result with a proof by its device key. */
  connectSocial(parameters: { chainId?: string | number; preferredAccountType?: EmbeddedAccountType }): Promise<EmbeddedWalletUser>
  getFarcasterUri(): Promise<string>
  connectFarcaster(): Promise<EmbeddedWalletUser>
  updateEmail(email: string): Promise<{ action: EmailUpdateAction }>
  /** The passkeys and passwords that protect the wallet. */
  getFactors(): Promise<WalletFactors>
  /** The frame shows its own screen (passkey ceremony, or password input) and adds the factor. */
  addFactor(kind: WalletFactorKind): Promise<WalletFactors>
  /** The frame asks for a fresh proof of a factor, then removes this one. */
  removeFactor(id: string): Promise<WalletFactors>
  updateEmailPrimaryOtp(otp: string): Promise<void>
  updateEmailSecondaryOtp(otp: string): Promise<{ newEmail: string }>
  syncTheme(themeMode: 'dark' | 'light'): Promise<void>
  /** The modal's locale: the frame's own screens (approval, passkey, password) speak it. */
  syncLocale(locale: Locale): Promise<void>
  syncDappData(data: {
    projectId: string
    sdkType: string
    sdkVersion: string
    metadata?: { name: string; description: string; url: string; icons: string[] }
  }): Promise<void>
  getSmartAccountEnabledNetworks(): Promise<number[]>
  setPreferredAccount(type: EmbeddedAccountType): Promise<{ type: EmbeddedAccountType; address: string }>
  reload(): Promise<void>
  signOut(): Promise<void>
  /** Rejects every pending unsafe request in the frame ('Request was aborted'). */
  abortRpc(): Promise<void>
  /** The signed-in user, as the frame last reported it. */
  user(): EmbeddedWalletUser | undefined
  /** An EIP-1193 provider over the frame for one chain family; undefined when the frame has none. */
  providerFor(namespace: ChainNamespace): unknown
  onEvent(listener: (event: EmbeddedWalletEvent) => void): () => void
  /** Shows the frame over `rect` (its approval screen), or hides it again. */
  showFrame(rect: FrameRect): void
  hideFrame(): void
  destroy(): void
}

export interface EmbeddedWalletLoadParameters {
  /** SPEC §7 query params of the frame URL. */
  projectId: string
  chainId: string | number
  version: string
  enableLogger: boolean
  rpcUrl: string
  enableCloudAuthAccount?: boolean
  /** The host's networks (CAIP-2) per chain family it has an adapter for: the embedded wallet serves a family's account on these. */
  chains?: Partial<Record<ChainNamespace, string[]>>
  /** Added (issue 28): the modal's language and mode, for what the frame draws before SYNC_LOCALE / SYNC_THEME reach it. */
  locale?: Locale
  themeMode?: 'dark' | 'light'
  /** SPEC §8: iframe_load_failed, iframe_request_timeout. */
  onError(kind: 'iframe_load_failed' | 'iframe_request_timeout', error: Error): void
  /**
   * Issue 28: the frame cannot start (its storage denied, or it never started: the secure origin
   * unreachable, the frame blocked). Without `storageAccess` the load then rejects; with it, the
   * frame waits for the user's click on its own storage-access button (lay it over a slot), and
   * the load resolves if the browser grants it.
   */
  onStartFailed?(failure: FrameStartFailure): void
}

/** Issue 28: why the secure frame could not start. */
export type FrameStartFailureReason = 'storage' | 'unreachable'
export interface FrameStartFailure {
  reason: FrameStartFailureReason
  /** The frame's own button that asks the browser for storage access (Storage Access API). */
  storageAccess?: StorageAccessFrame
}
export interface StorageAccessFrame {
  showFrame(rect: FrameRect): void
  hideFrame(): void
  /** Gives this frame up (a Retry loads a new one). */
  destroy(): void
}

/**
 * The host passes `embeddedWallet: embeddedWallet({ frameUrl })` from @portico/embedded: a small
 * object whose `load()` imports the frame client only when email or social login is used.
 */
export interface EmbeddedWalletLoader {
  /** The secure origin's frame page. */
  readonly frameUrl: string
  /** The secure origin's page a social popup opens first, before the provider's URL is known. */
  readonly socialLoadingUrl: string
  load(parameters: EmbeddedWalletLoadParameters): Promise<EmbeddedWalletClient>
}
