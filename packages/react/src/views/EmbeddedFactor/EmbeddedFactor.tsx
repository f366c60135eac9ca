import { useRef, useState } from 'react'
import { embeddedCss } from '../../components/embedded/styles.js'
import { useFrameSlot } from '../../components/embedded/useFrameSlot.js'
import { Spinner } from '../../components/Spinner.js'
import { usePortico, usePorticoStore } from '../../context.js'
import { Sheet } from '../../styles/Sheet.js'
import { useI18n } from '../../i18n/useI18n.js'

/**
 * The secure frame's own factor screen (CUSTODY.md): create or use a passkey, type the recovery
 * password. This view only holds the place; the frame (outside the modal's shadow root) is laid
 * over it, so the WebAuthn ceremony and the password input happen on the secure origin.
 */
export default function EmbeddedFactor() {
  const portico = usePortico()
  const purpose = usePorticoStore('embedded', (s) => s.factorScreen)
  const slot = useRef<HTMLDivElement>(null)
  const { t } = useI18n()
  const [narrow] = useState(() => portico.environment.isMobile())
  useFrameSlot(portico, slot, purpose)
  return (
    <div ref={slot} className={`approve-frame-slot factor-slot${narrow ? ' narrow' : ''}`} data-testid="embedded-factor" data-purpose={purpose}>
      <Sheet css={embeddedCss} />
      <Spinner size={28} label={t('factor.loading')} />
    </div>
  )
}
