import { useEffect, type RefObject } from 'react'
import { usePortico } from '../context.js'
import { takeOpener } from '../opener.js'

// The Back button stays in the header while hidden (it keeps the title centred): not a stop.
const FOCUSABLE = 'button:not([disabled]):not([hidden]),a[href],input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])'

/**
 * Whether Tab can reach `element`: not in an inert or hidden part (the dialog rendered ahead,
 * a collapsed section, the hidden Back button), so the trap never wraps to a control the browser
 * would skip — which would let focus leave the dialog.
 */
export function isTabbable(element: HTMLElement): boolean {
  if (element.closest('[inert],[hidden],[aria-hidden=true]')) return false
  if (typeof element.checkVisibility === 'function') return element.checkVisibility({ visibilityProperty: true })
  return element.getClientRects().length > 0
}

/** The element that really has focus, looking through shadow roots. */
export function deepActiveElement(): Element | null {
  let element = document.activeElement
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
  return element
}

/**
 * While `active`, focus is inside `container` (however the dialog was opened: a mouse click
 * leaves it on the host page's button), Tab and Shift+Tab cycle inside it, and on deactivation
 * focus returns to the element that had it before (e.g. the host page's Connect button).
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, active: boolean) {
  const portico = usePortico()
  useEffect(() => {
    const element = container.current
    if (!active || !element) return
    const before = deepActiveElement() as HTMLElement | null
    const previous = takeOpener(portico) ?? before
    const root = element.getRootNode() as ShadowRoot | Document
    const focusables = () => Array.from(element.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(isTabbable)
    const firstInView = () => Array.from(element.querySelectorAll<HTMLElement>(`.body ${FOCUSABLE}`)).find(isTabbable)

    // The view's first control, or the dialog itself while a lazy view is still loading; then
    // the view's first control as soon as it is there, unless the user has moved on. Right after
    // the dialog's first frame: finding a visible control makes the browser style and lay out the
    // dialog at once, which would hold that frame back (issue 13's click → painted). Focus taken
    // meanwhile (a view's field, the secure frame's approval screen) stays where it is.
    let waiting: MutationObserver | undefined
    let cancelled = false
    const moveIn = () => {
      const now = deepActiveElement()
      if (cancelled || (now !== before && now !== document.body && now !== null)) return
      ;(firstInView() ?? element).focus()
      if (root.activeElement !== element || typeof MutationObserver === 'undefined') return
      waiting = new MutationObserver(() => {
        const first = root.activeElement === element ? firstInView() : undefined
        if (first) first.focus()
        if (first || root.activeElement !== element) waiting?.disconnect()
      })
      waiting.observe(element, { childList: true, subtree: true })
    }
    ;(portico.environment.afterPaint ?? ((task: () => void) => task()))(moveIn)

    const cycle = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return
      const list = focusables()
      if (list.length === 0) return event.preventDefault()
      const index = list.indexOf(root.activeElement as HTMLElement)
      if (event.shiftKey && index <= 0) {
        event.preventDefault()
        list.at(-1)!.focus()
      } else if (!event.shiftKey && (index === list.length - 1 || index === -1)) {
        event.preventDefault()
        list[0]!.focus()
      }
    }
    // A view change removes the focused control and drops focus on the page's body: Tab comes back in.
    const fromBody = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !isBody(event.target)) return
      event.preventDefault()
      ;(focusables()[0] ?? element).focus()
    }
    element.addEventListener('keydown', cycle)
    document.addEventListener('keydown', fromBody)
    return () => {
      cancelled = true
      waiting?.disconnect()
      element.removeEventListener('keydown', cycle)
      document.removeEventListener('keydown', fromBody)
      if (previous?.isConnected) previous.focus()
    }
  }, [portico, container, active])
}

/** Focus on no element: the event's target is the page's body (or the document element). */
export function isBody(target: EventTarget | null): boolean {
  return target === document.body || target === document.documentElement
}
