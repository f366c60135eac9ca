import type { Footer as FooterKind } from '@portico/core'
import { usePortico } from '../context.js'

/** SPEC §2 'Footers': legal on Connect and the onramp views, default on Networks. */
export function Footer({ kind }: { kind: Exclude<FooterKind, null> }) {
  const { termsConditionsUrl, privacyPolicyUrl } = usePortico().options
  if (kind === 'default')
    return (
      <footer className="footer">Your connected wallet may not support some of the networks available for this site.</footer>
    )
  if (!termsConditionsUrl && !privacyPolicyUrl) return null
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
