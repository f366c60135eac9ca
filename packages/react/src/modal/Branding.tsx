import { usePorticoStore } from '../context.js'
import { useI18n } from '../i18n/useI18n.js'

/** Where the mark links: the project's home, its open source repository. */
export const PORTICO_PROJECT_URL = 'https://github.com/portico-wallet/portico'

/**
 * SPEC §9 remote feature 'branding' (on by default): a small "Portico" mark at the bottom of the
 * modal, linking to the project. The project's remote config (or the host's remoteFeatures)
 * turning it off hides it.
 */
export function Branding() {
  const branding = usePorticoStore('project', (s) => s.remoteFeatures.branding)
  const { t } = useI18n()
  if (!branding) return null
  // The locale's sentence ('Powered by {brand}'); the mark goes where its {brand} is. A div, not a
  // second <footer>: one contentinfo landmark per dialog (axe: landmark-unique).
  const [before, after] = t('footer.branding').split('{brand}')
  return (
    <div className="footer branding" data-testid="portico-branding">
      {before}
      <a href={PORTICO_PROJECT_URL} target="_blank" rel="noreferrer noopener">
        <svg className="branding-mark" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2 11V5a4 4 0 0 1 8 0v6H8V5a2 2 0 0 0-4 0v6z" fill="currentColor" />
        </svg>
        Portico
      </a>
      {after}
    </div>
  )
}
