import { localeDirection, type Locale } from './locales.js'

// USD, days and times: the modal's (its own chunk), apart from formatAmount, which the host page's button uses too.

/**
 * SPEC §5: currency is USD with 2 decimals, written the locale's way ('$1,234.50', '1.234,50 $', '1.234,50 US$').
 * Right to left, the Latin symbol is isolated (LRI…PDI): else the bidi algorithm splits 'US$' into '$US'.
 */
export function formatUsdIn(locale: Locale, value: number): string {
  const text = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)
  return localeDirection(locale) === 'rtl' ? text.replace(/[A-Z]*\$/, (symbol) => `\u2066${symbol}\u2069`) : text
}

/** A transaction's day in the locale ('Mar 3, 2026', '2026年3月3日'). */
export function formatDay(locale: Locale, date: Date): string {
  return date.toLocaleDateString(locale, { month: 'short', day: 'numeric', year: 'numeric' })
}

/** A transaction's time of day in the locale ('3:07 PM', '15:07'). */
export function formatTime(locale: Locale, date: Date): string {
  return date.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })
}
