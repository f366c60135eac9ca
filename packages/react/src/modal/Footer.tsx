import { getFooter } from '@portico/core'
import { shallowEqual, usePorticoSelector } from '../hooks/usePorticoSelector.js'

/** SPEC §2 'Footers' of the current view (core's getFooter): legal on Connect and the onramp views, default on Networks. */
export function Footer() {
  const footer = usePorticoSelector(getFooter, shallowEqual)
  if (!footer) return null
  if (footer.kind === 'default') return <footer className="footer">Your connected wallet may not support some of the networks available for this site.</footer>
  const { termsConditionsUrl, privacyPolicyUrl } = footer
  return (
    <footer className="footer" data-testid="legal-footer">
      By connecting your wallet, you agree to our{' '}
      {termsConditionsUrl && (
        <a href={termsConditionsUrl} target="_blank" rel="noreferrer noopener">
          Terms of Service
        </a>
      )}
      {termsConditionsUrl && privacyPolicyUrl && ' and '}
      {privacyPolicyUrl && (
        <a href={privacyPolicyUrl} target="_blank" rel="noreferrer noopener">
          Privacy Policy
        </a>
      )}
      .
    </footer>
  )
}
