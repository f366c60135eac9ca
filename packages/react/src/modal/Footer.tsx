import { getConnectLayout, getFooter, setLegalAccepted } from '@portico/core'
import { shallowEqual, usePorticoSelector } from '../hooks/usePorticoSelector.js'
import { useI18n } from '../i18n/useI18n.js'
import { usePortico, usePorticoStore } from '../context.js'
import { Branding } from './Branding.js'
import { useBrandFont } from './brandFont.js'

/**
 * The modal's bottom: the view's footer, then the Portico mark (SPEC §9 remote feature 'branding').
 * Always rendered with the modal, it also starts the brand font's load on the first open (SPEC §7 fonts).
 */
export function Footer() {
  useBrandFont()
  return (
    <>
      <ViewFooter />
      <Branding />
    </>
  )
}

/** SPEC §2 'Footers' of the current view (core's getFooter): legal on Connect and the onramp views, default on Networks. */
function ViewFooter() {
  const footer = usePorticoSelector(getFooter, shallowEqual)
  const legalCheckbox = usePorticoSelector((p) => getConnectLayout(p).legalCheckbox)
  const accepted = usePorticoStore('modal', (s) => s.legalAccepted)
  const portico = usePortico()
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
  // SPEC §6 legal checkbox: the same sentence, as the label of the checkbox that unlocks the wallets.
  if (legalCheckbox)
    return (
      <footer className="footer" data-testid="legal-footer">
        <label className="legal-checkbox">
          <input
            type="checkbox"
            data-testid="legal-checkbox"
            checked={accepted}
            onChange={(e) => setLegalAccepted(portico, { accepted: e.currentTarget.checked })}
          />
          <span>
            {before}
            {links}
            {after}
          </span>
        </label>
      </footer>
    )
  return (
    <footer className="footer" data-testid="legal-footer">
      {before}
      {links}
      {after}
    </footer>
  )
}
