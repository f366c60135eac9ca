import { useRef, useState } from 'react'
import { embeddedCss } from '../../components/embedded/styles.js'
import { useFrameSlot } from '../../components/embedded/useFrameSlot.js'
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

  // The modal animates its height and the page may scroll or resize: the frame follows the slot.
  useFrameSlot(portico, slot, method)

  return (
    <div ref={slot} className={`approve-frame-slot${narrow ? ' narrow' : ''}`} data-testid="approve-transaction" data-method={method}>
      <Sheet css={embeddedCss} />
      <Spinner size={28} label={t('approve.loading')} />
    </div>
  )
}
