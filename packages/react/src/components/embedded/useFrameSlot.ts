import { useLayoutEffect, type RefObject } from 'react'
import type { Portico } from '@portico/core'
import { followElement } from './followElement.js'

/**
 * Lays the secure frame exactly over `slot` while `active` (the frame draws a screen of its own
 * there), following the modal's animation, scrolls and resizes; hides it again on unmount.
 */
export function useFrameSlot(portico: Portico, slot: RefObject<HTMLElement | null>, active: unknown) {
  useLayoutEffect(() => {
    const element = slot.current
    if (!element || !active) return
    let cancelled = false
    let show: (() => void) | undefined
    const client = portico.embeddedWalletClient
    void client?.then((c) => {
      if (cancelled) return
      show = () => {
        const rect = element.getBoundingClientRect()
        c.showFrame({ top: rect.top, left: rect.left, width: rect.width, height: rect.height })
      }
      show()
    })
    const stop = followElement(element, () => show?.())
    return () => {
      cancelled = true
      stop()
      void client?.then((c) => c.hideFrame())
    }
  }, [portico, slot, active])
}
