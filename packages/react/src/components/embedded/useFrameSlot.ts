import { useLayoutEffect, type RefObject } from 'react'
import type { Portico } from '@portico/core'

/**
 * Lays the secure frame exactly over `slot` while `active` (the frame draws a screen of its own
 * there), following the modal's animation, scrolls and resizes; hides it again on unmount.
 */
export function useFrameSlot(portico: Portico, slot: RefObject<HTMLElement | null>, active: unknown) {
  useLayoutEffect(() => {
    const element = slot.current
    if (!element || !active) return
    let cancelled = false
    let frame = 0
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
    const follow = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => show?.())
    }
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(follow)
    observer?.observe(element)
    window.addEventListener('resize', follow)
    window.addEventListener('scroll', follow, true)
    const settle = setInterval(follow, 250)
    return () => {
      cancelled = true
      cancelAnimationFrame(frame)
      clearInterval(settle)
      observer?.disconnect()
      window.removeEventListener('resize', follow)
      window.removeEventListener('scroll', follow, true)
      void client?.then((c) => c.hideFrame())
    }
  }, [portico, slot, active])
}
