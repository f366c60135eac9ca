import type { EmbeddedState } from '@portico/core'
import { useLayoutEffect, useRef, type RefObject } from 'react'
import { WarningIcon } from '../icons.js'
import { useI18n } from '../../i18n/useI18n.js'

type FrameStartFailure = NonNullable<EmbeddedState['frameFailure']>
type StorageAccessFrame = NonNullable<FrameStartFailure['storageAccess']>

/**
 * Issue 28: the secure frame could not start (its storage denied, its origin unreachable or
 * blocked). Says why, under SPEC §8's APKT003 banner, with Retry; where the browser can grant the
 * frame storage (Storage Access API) the frame's own button sits above Retry: only a click in the
 * frame itself may ask for it.
 */
export function FrameStartFailed({ failure, onRetry }: { failure: FrameStartFailure; onRetry(): void }) {
  const { t } = useI18n()
  const slot = useRef<HTMLDivElement>(null)
  useStorageAccessSlot(slot, failure.storageAccess)
  return (
    <div className="frame-failed" role="alert" data-testid="frame-start-failed" data-reason={failure.reason}>
      <p className="frame-failed-text">
        <WarningIcon />
        <span>{t(failure.reason === 'storage' ? 'embedded.startFailed.storage' : 'embedded.startFailed.unreachable')}</span>
      </p>
      {failure.storageAccess && <div ref={slot} className="storage-access-slot" data-testid="storage-access-slot" />}
      <button type="button" className="frame-retry" onClick={onRetry} data-testid="frame-retry">
        {t('embedded.retry')}
      </button>
    </div>
  )
}

/** Lays the frame's storage-access button over `slot`, following the modal's moves; hides it on unmount. */
function useStorageAccessSlot(slot: RefObject<HTMLDivElement | null>, frame: StorageAccessFrame | undefined) {
  useLayoutEffect(() => {
    const element = slot.current
    if (!element || !frame) return
    let raf = 0
    const show = () => {
      const rect = element.getBoundingClientRect()
      frame.showFrame({ top: rect.top, left: rect.left, width: rect.width, height: rect.height, visible: visibleArea(element) })
    }
    // The panel comes under the field: brought into view (the modal's body may scroll on a small screen).
    element.closest('.frame-failed')?.scrollIntoView({ block: 'nearest' })
    const follow = () => {
      cancelAnimationFrame(raf)
      raf = requestAnimationFrame(show)
    }
    show()
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(follow)
    observer?.observe(element)
    window.addEventListener('resize', follow)
    window.addEventListener('scroll', follow, true)
    // The modal's opening animation moves the slot without resizing it.
    const settle = setInterval(follow, 250)
    return () => {
      cancelAnimationFrame(raf)
      clearInterval(settle)
      observer?.disconnect()
      window.removeEventListener('resize', follow)
      window.removeEventListener('scroll', follow, true)
      frame.hideFrame()
    }
  }, [slot, frame])
}

/** Where `element` can be seen: the viewport less what its scrolling ancestors (the modal's body) clip. */
function visibleArea(element: HTMLElement) {
  const area = { top: 0, left: 0, right: window.innerWidth, bottom: window.innerHeight }
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (getComputedStyle(parent).overflowY === 'visible') continue
    const box = parent.getBoundingClientRect()
    area.top = Math.max(area.top, box.top)
    area.left = Math.max(area.left, box.left)
    area.right = Math.min(area.right, box.right)
    area.bottom = Math.min(area.bottom, box.bottom)
  }
  return area
}
