/**
 * Calls `place` now and again whenever `element` may have moved: the modal's opening animation (which
 * moves it without resizing it), scrolls, resizes and its own size changes; once per animation frame at
 * most. Returns the stop. The secure frame laid over a slot of the modal follows it this way.
 */
export function followElement(element: HTMLElement, place: () => void): () => void {
  let raf = 0
  const follow = () => {
    cancelAnimationFrame(raf)
    raf = requestAnimationFrame(place)
  }
  const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(follow)
  observer?.observe(element)
  window.addEventListener('resize', follow)
  window.addEventListener('scroll', follow, true)
  const settle = setInterval(follow, 250)
  return () => {
    cancelAnimationFrame(raf)
    clearInterval(settle)
    observer?.disconnect()
    window.removeEventListener('resize', follow)
    window.removeEventListener('scroll', follow, true)
  }
}
