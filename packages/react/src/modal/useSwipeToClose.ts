import { useEffect, type RefObject } from 'react'

/** The width at and below which the dialog is a bottom sheet (the modal's stylesheet). */
export const SHEET_MAX_WIDTH = 430
/** A drag this far down (or a quarter of the sheet, if less) closes it... */
const CLOSE_DISTANCE_PX = 120
/** ...and so does a flick faster than this, however short. */
const CLOSE_VELOCITY_PX_PER_MS = 0.6

/**
 * The bottom sheet (≤ 430 px) follows a downward drag that starts on its grabber or header (not
 * on a button) and closes when let go far or fast enough; otherwise it settles back. Pointer
 * events, so touch, pen and mouse alike. The sheet moves through its CSSOM transform, which a
 * strict CSP allows. `close` may refuse (SPEC: a required sign-in cannot be closed): the sheet
 * then settles back too.
 */
export function useSwipeToClose(card: RefObject<HTMLElement | null>, active: boolean, close: () => boolean) {
  useEffect(() => {
    const element = card.current
    if (!active || !element) return
    let drag: { id: number; startY: number; lastY: number; lastT: number; velocity: number } | undefined

    const settle = () => {
      element.classList.add('settling')
      element.style.transform = ''
      element.addEventListener('transitionend', () => element.classList.remove('settling'), { once: true })
      setTimeout(() => element.classList.remove('settling'), 300)
    }
    const down = (event: PointerEvent) => {
      if (event.button !== 0 || window.innerWidth > SHEET_MAX_WIDTH) return
      const target = event.target as Element
      if (!target.closest('.grabber, .header') || target.closest('button, a, input')) return
      drag = { id: event.pointerId, startY: event.clientY, lastY: event.clientY, lastT: event.timeStamp, velocity: 0 }
      element.setPointerCapture?.(event.pointerId)
      element.classList.remove('settling')
    }
    const move = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.id) return
      const dt = Math.max(1, event.timeStamp - drag.lastT)
      drag.velocity = (event.clientY - drag.lastY) / dt
      drag.lastY = event.clientY
      drag.lastT = event.timeStamp
      element.style.transform = `translateY(${Math.max(0, event.clientY - drag.startY)}px)`
    }
    const up = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.id) return
      const distance = event.clientY - drag.startY
      const far = distance >= Math.min(CLOSE_DISTANCE_PX, element.offsetHeight / 4)
      const fast = distance > 20 && drag.velocity >= CLOSE_VELOCITY_PX_PER_MS
      drag = undefined
      if ((far || fast) && close()) {
        element.style.transform = ''
        return
      }
      settle()
    }
    const cancel = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.id) return
      drag = undefined
      settle()
    }
    element.addEventListener('pointerdown', down)
    element.addEventListener('pointermove', move)
    element.addEventListener('pointerup', up)
    element.addEventListener('pointercancel', cancel)
    return () => {
      element.removeEventListener('pointerdown', down)
      element.removeEventListener('pointermove', move)
      element.removeEventListener('pointerup', up)
      element.removeEventListener('pointercancel', cancel)
      element.style.transform = ''
    }
  }, [card, active, close])
}
