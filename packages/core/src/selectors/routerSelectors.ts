import type { Portico } from '../portico.js'
import { footerFor } from '../views.js'

export type FooterContent = { kind: 'default' } | { kind: 'legal'; termsConditionsUrl: string | undefined; privacyPolicyUrl: string | undefined } | null

/**
 * SPEC §2 'Footers' for the current view: the legal footer on Connect, ConnectWallets and the onramp views when
 * the host gave a terms or privacy URL (nothing to agree to otherwise); the default footer on Networks.
 */
export function getFooter(portico: Portico): FooterContent {
  const kind = footerFor(portico.stores.router.getState().view)
  if (kind === 'default') return { kind }
  if (kind !== 'legal') return null
  const { termsConditionsUrl, privacyPolicyUrl } = portico.options
  return termsConditionsUrl || privacyPolicyUrl ? { kind, termsConditionsUrl, privacyPolicyUrl } : null
}
