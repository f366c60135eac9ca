/** A fiat currency's sign ('$' for USD) in a circle. */
export function FiatIcon({ currency }: { currency: string }) {
  return (
    <span className="fiat-icon" aria-hidden="true">
      {currencySign(currency)}
    </span>
  )
}

export function currencySign(currency: string): string {
  try {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0)
    return parts.find((p) => p.type === 'currency')?.value ?? currency
  } catch {
    return currency.slice(0, 1)
  }
}

/** The currency's name in the user's language ('US Dollar', 'dólar estadounidense', '米ドル'). */
export function currencyName(currency: string, locale = 'en'): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency' }).of(currency) ?? currency
  } catch {
    return currency
  }
}
