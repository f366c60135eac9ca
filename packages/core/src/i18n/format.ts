import type { Locale } from './locales.js'
import { truncateDecimals } from '../utils/format.js'

/**
 * Numbers, currencies and dates in the user's language through Intl. SPEC §5's display rules are
 * kept: a balance is truncated down (never rounded) to its places first, then only written in the
 * locale's digits and separators (Intl receives the exact decimal string, so it has nothing to round).
 */
export function formatAmount(locale: Locale, amount: string, places = 3): string {
  const truncated = truncateDecimals(amount, places)
  return new Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places }).format(truncated as unknown as number)
}
