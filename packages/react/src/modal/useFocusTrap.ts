import { useEffect, type RefObject } from 'react'

const FOCUSABLE = 'button:not([disabled]),a[href],input:not([disabled]),select,textarea,[tabindex]:not([tabindex="-1"])'

/** The element that really has focus, looking through shadow roots. */
export function deepActiveElement(): Element | null {
  let element = document.activeElement
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
  return element
}

/**
 * While `active`, Tab and Shift+Tab cycle inside `container`; on deactivation focus returns to
 * the element that had it before (e.g. the host page's Connect button).
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    if (!active) return
    const previous = deepActiveElement() as HTMLElement | null
    const element = container.current
    const root = element?.getRootNode() as ShadowRoot | Document | undefined
    const focusables = () => Array.from(element?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])
    // Focus the first control inside the view (not the header) once the lazy view is there.
    const first = setTimeout(() => {
      const inView = element?.querySelector<HTMLElement>(`.body ${FOCUSABLE}`)
      ;(inView ?? focusables()[0] ?? element)?.focus()
    }, 0)
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return
      const list = focusables()
      if (list.length === 0) return event.preventDefault()
      const current = root?.activeElement
      const index = list.indexOf(current as HTMLElement)
      if (event.shiftKey && index <= 0) {
        event.preventDefault()
        list.at(-1)!.focus()
      } else if (!event.shiftKey && (index === list.length - 1 || index === -1)) {
        event.preventDefault()
        list[0]!.focus()
      }
    }
    element?.addEventListener('keydown', onKey)
    return () => {
      clearTimeout(first)
      element?.removeEventListener('keydown', onKey)
      if (previous?.isConnected) previous.focus()
    }
  }, [container, active])
}
