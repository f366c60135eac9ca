import { useLayoutEffect, useRef, useState } from 'react'
import { embeddedCss } from '../../components/embedded/styles.js'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

/**
 * SPEC §2 ApproveTransaction: the approval screen is drawn by the secure origin. This view holds
 * the place; the frame (outside the modal's shadow root) is laid exactly over it while it shows,
 * and hidden again when the frame reports it is done (core then goes back).
 */
export default function ApproveTransaction() {
  const portico = usePortico()
  const method = usePorticoStore('embedded', (s) => s.approval?.method)
  const slot = useRef<HTMLDivElement>(null)
  const { t } = useI18n()
  const [narrow] = useState(() => portico.environment.isMobile())

  useLayoutEffect(() => {
    const element = slot.current
    if (!element || !method) return
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
    // The modal animates its height and the page may scroll or resize: follow the slot.
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
  }, [portico, method])

  return (
    <div ref={slot} className={`approve-frame-slot${narrow ? ' narrow' : ''}`} data-testid="approve-transaction" data-method={method}>
      <Sheet css={embeddedCss} />
      <Spinner size={28} label={t('approve.loading')} />
    </div>
  )
}
