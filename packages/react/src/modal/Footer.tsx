import { getFooter } from '@portico/core'
import { shallowEqual, usePorticoSelector } from '../hooks/usePorticoSelector.js'
import { useI18n } from '../i18n/useI18n.js'

/** SPEC §2 'Footers' of the current view (core's getFooter): legal on Connect and the onramp views, default on Networks. */
export function Footer() {
  const footer = usePorticoSelector(getFooter, shallowEqual)
  const { t } = useI18n()
  if (!footer) return null
  if (footer.kind === 'default') return <footer className="footer">{t('footer.networks')}</footer>
  const { termsConditionsUrl, privacyPolicyUrl } = footer
  const links = (
    <>
      {termsConditionsUrl && (
        <a href={termsConditionsUrl} target="_blank" rel="noreferrer noopener">
          {t('footer.terms')}
        </a>
      )}
      {termsConditionsUrl && privacyPolicyUrl && t('footer.and')}
      {privacyPolicyUrl && (
        <a href={privacyPolicyUrl} target="_blank" rel="noreferrer noopener">
          {t('footer.privacy')}
        </a>
      )}
    </>
  )
  // The sentence is the locale's ('… agree to our {links}.'); the links go where its {links} is.
  const [before, after] = t('footer.legal').split('{links}')
  return (
    <footer className="footer" data-testid="legal-footer">
      {before}
      {links}
      {after}
    </footer>
  )
}
