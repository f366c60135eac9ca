import { connectSocial, type SocialProvider } from '@portico/core'
import { SocialIcon, socialNames } from '../../components/embedded/SocialIcon.js'
import { usePortico } from '../../context.js'
import { useI18n } from '../../i18n/useI18n.js'

/**
 * The Connect view's social buttons: the first provider in full, the others as a row of tiles.
 * connectSocial runs straight in the click handler so that its popup opens inside the click.
 */
export function SocialLogins({ providers }: { providers: SocialProvider[] }) {
  const portico = usePortico()
  const { t } = useI18n()
  const start = (provider: SocialProvider) => void connectSocial(portico, { provider }).catch(() => {})
  const [first, ...rest] = providers
  if (!first) return null
  return (
    <div className="socials">
      <button type="button" className="social-wide" onClick={() => start(first)} data-testid={`social-${first}`}>
        <SocialIcon provider={first} />
        <span className="name">{t('common.continueWith', { name: socialNames[first] })}</span>
      </button>
      {rest.length > 0 && (
        <ul className="social-row" aria-label={t('connect.moreSignIn')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rest.map((provider) => (
            <li key={provider} style={{ display: 'contents' }}>
              <button type="button" className="social-tile" onClick={() => start(provider)} title={socialNames[provider]} data-testid={`social-${provider}`}>
                <SocialIcon provider={provider} />
                {/* The name as text, not aria-label: the icon's letters are not part of it (WCAG 2.5.3). */}
                <span className="sr-only">{t('common.continueWith', { name: socialNames[provider] })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
