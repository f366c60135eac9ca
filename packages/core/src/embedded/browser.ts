import type { PopupHandle } from './types.js'

/**
 * Browser parts of the embedded-wallet flows, out of the first load: the Connect view and the
 * social login load them. Tests inject their own through the Environment.
 */
export function browserPlatform(): 'ios' | 'android' | 'mac' | 'other' {
  const nav = (globalThis as { navigator?: Navigator }).navigator
  return nav ? platformOf(nav.userAgent, nav.maxTouchPoints ?? 0) : 'other'
}

/** iPadOS reports itself as a Mac; touch points tell them apart. */
export function platformOf(userAgent: string, maxTouchPoints = 0): 'ios' | 'android' | 'mac' | 'other' {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios'
  if (/Android/.test(userAgent)) return 'android'
  if (/Macintosh|Mac OS X/.test(userAgent)) return maxTouchPoints > 1 ? 'ios' : 'mac'
  return 'other'
}

/** Opens the social popup centred on the page's window; null when the browser blocked it. */
export function openBrowserPopup(url: string, { width, height }: { width: number; height: number }): PopupHandle | null {
  const w = (globalThis as { window?: Window }).window
  if (!w) return null
  const left = Math.max(0, (w.screenX ?? 0) + ((w.outerWidth ?? width) - width) / 2)
  const top = Math.max(0, (w.screenY ?? 0) + ((w.outerHeight ?? height) - height) / 2)
  const popup = w.open(url, 'portico-social', `popup=yes,width=${width},height=${height},left=${left},top=${top}`)
  if (!popup) return null
  return {
    get closed() {
      return popup.closed
    },
    window: popup,
    navigate: (next) => void (popup.location.href = next),
    close: () => popup.close(),
  }
}
