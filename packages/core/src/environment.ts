/**
 * What core needs from the outside world, injected so that rules with timers and storage run
 * in Node tests with fakes. The react package passes browser implementations.
 */
export interface StorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** A popup window the host opened (SPEC §7 'Social popup'). */
export interface PopupHandle {
  readonly closed: boolean
  /** The popup's window object: a result is accepted only from it. */
  readonly window: unknown
  navigate(url: string): void
  close(): void
}

export interface Clock {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface Environment {
  /** Narrow/touch device: decides AllWallets vs ConnectingWalletConnectBasic (SPEC §2 rule 2). */
  isMobile(): boolean
  /** The host page's origin and URL (origin check, analytics); undefined outside a page. */
  origin(): string | undefined
  href(): string | undefined
  fetch: typeof fetch
  /** SPEC §4 pairing cache 'auto': Telegram's in-app browser and iOS Safari reload on return. */
  isTelegram?(): boolean
  isIosSafari?(): boolean
  /** Cryptographically random UUID (analytics event ids). */
  randomUUID(): string
  /** The device's OS family (SPEC §5 social restrictions on Telegram). */
  platform?(): 'ios' | 'android' | 'mac' | 'other'
  /**
   * Opens a popup window; null when the browser blocked it. Must be called synchronously in the
   * click handler (SPEC §7 'Social popup').
   */
  openPopup?(url: string, size: { width: number; height: number }): PopupHandle | null
  /** Navigates to a wallet's deep link (a WalletConnect wallet app on a phone). */
  openUrl?(href: string): void
  /** The device's IANA time zone (SPEC §6 restricted-timezone list); undefined when unknown. */
  timeZone?(): string | undefined
  /** Runs `task` after the next frame has painted (work that must not delay what the user sees). */
  afterPaint?(task: () => void): void
}

export function memoryStorage(initial: Record<string, string> = {}): StorageLike {
  const map = new Map(Object.entries(initial))
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

const fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args)
const randomUUID = () => globalThis.crypto.randomUUID()

/** Outside a browser (tests, server rendering): desktop, no origin. */
export const desktopEnvironment: Environment = {
  isMobile: () => false,
  origin: () => undefined,
  href: () => undefined,
  fetch: fetchImpl,
  randomUUID,
}

/** The default in a browser; falls back to the desktop environment elsewhere. */
export function defaultEnvironment(): Environment {
  const w = (globalThis as { window?: Window }).window
  if (!w) return desktopEnvironment
  return {
    isMobile: () => w.matchMedia?.('(max-width: 430px), (pointer: coarse)').matches ?? false,
    origin: () => w.location.origin,
    isTelegram: () => Boolean((w as { Telegram?: { WebApp?: unknown } }).Telegram?.WebApp),
    isIosSafari: () => /iP(hone|ad|od)/.test(w.navigator.userAgent) && /Safari/.test(w.navigator.userAgent) && !/CriOS|FxiOS/.test(w.navigator.userAgent),
    href: () => w.location.href,
    openUrl: (href) => void w.open(href, '_self', 'noreferrer noopener'),
    // A task queued from the frame's callback runs after that frame is painted; a hidden page paints no frames.
    afterPaint: (task) => void (w.document.visibilityState === 'hidden' ? w.setTimeout(task, 0) : w.requestAnimationFrame(() => void w.setTimeout(task, 0))),
    fetch: fetchImpl,
    randomUUID,
    timeZone: deviceTimeZone,
  }
}

function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}
