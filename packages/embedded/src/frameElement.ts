import type { FrameRect } from '@portico/core'

const HIDDEN_STYLE =
  'position:fixed;right:0;bottom:0;width:1px;height:1px;border:0;opacity:0;pointer-events:none;z-index:-1;color-scheme:normal;background:transparent'
const TITLE = 'Portico secure wallet'

/**
 * The secure frame's iframe in the host page (client.ts): hidden while the frame works unseen, laid over a slot of
 * the modal for its approval, factor and storage-access screens.
 */
export function createFrameElement(document: Pick<Document, 'createElement' | 'body'>, onLoaded: () => void) {
  let iframe: HTMLIFrameElement | undefined

  function hide() {
    if (!iframe) return
    // Focus left in the frame (the user's click on Approve) would stay in an invisible document, where the
    // modal's keys (Escape, Tab) never arrive: it drops to the page's body, which the modal takes back from.
    if (iframe.ownerDocument?.activeElement === iframe) iframe.blur()
    iframe.style.cssText = HIDDEN_STYLE
    iframe.setAttribute('aria-hidden', 'true')
    iframe.tabIndex = -1
    iframe.title = TITLE
  }

  return {
    /** Creates the (hidden) frame for `src` and attaches it to the page. */
    mount(src: string): HTMLIFrameElement {
      const frame = document.createElement('iframe')
      iframe = frame
      hide()
      frame.dataset.testid = 'portico-secure-frame'
      // The frame needs none of the host's permissions, only passkeys (WebAuthn) on its own
      // origin: the factor screens create and use them there (CUSTODY.md).
      const secure = new URL(src).origin
      frame.setAttribute('allow', `publickey-credentials-get ${secure}; publickey-credentials-create ${secure}`)
      frame.referrerPolicy = 'origin'
      // Issue 28: a document that loaded without the frame's STARTING (the browser's error page for an
      // unreachable or blocked origin) fails the start within a short grace, not after 20 s.
      frame.addEventListener('load', () => {
        if (!initialBlank(frame)) onLoaded()
      })
      frame.src = src
      document.body.appendChild(frame)
      return frame
    },
    show(rect: FrameRect, title: string) {
      if (!iframe) return
      // Through the CSSOM, not the style attribute: a host page's CSP without 'unsafe-inline' allows it.
      iframe.style.cssText =
        `position:fixed;top:${rect.top}px;left:${rect.left}px;width:${rect.width}px;height:${rect.height}px;border:0;` +
        'opacity:1;pointer-events:auto;z-index:2147483647;color-scheme:normal;background:transparent' +
        clipTo(rect)
      iframe.removeAttribute('aria-hidden')
      iframe.tabIndex = 0
      iframe.title = title
    },
    hide,
    /** Moves the focus into the frame (its approval screen's buttons), unless it is there. */
    focus() {
      if (iframe && iframe.ownerDocument?.activeElement !== iframe) iframe.focus()
    },
    remove() {
      iframe?.remove()
    },
  }
}

/** clip-path (which clips hit testing too) for the part of `rect` outside `rect.visible`. */
function clipTo(rect: FrameRect): string {
  const v = rect.visible
  if (!v) return ''
  const inset = [v.top - rect.top, rect.left + rect.width - v.right, rect.top + rect.height - v.bottom, v.left - rect.left]
  return `;clip-path:inset(${inset.map((n) => `${Math.max(0, Math.round(n))}px`).join(' ')})`
}

/** The initial about:blank an iframe may fire `load` for before its src (same-origin, so readable). */
function initialBlank(iframe: HTMLIFrameElement): boolean {
  try {
    return iframe.contentWindow?.location.href === 'about:blank'
  } catch {
    return false // cross-origin: the frame's document, or the browser's error page in its place
  }
}
