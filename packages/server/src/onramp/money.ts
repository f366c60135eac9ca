/** Decimal money without floating point: amounts in integer minor units (bigint). */

const AMOUNT = /^(\d{1,12})(?:\.(\d{1,2}))?$/

/** '12.5' or 12.5 → 1250n cents; undefined when not a plain amount with at most 2 decimals. */
export function parseCents(input: string | number): bigint | undefined {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input.trim()
  const m = AMOUNT.exec(text)
  if (!m) return undefined
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'))
}

export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : ''
  const abs = cents < 0n ? -cents : cents
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
}

/** Base units of a token with `decimals` as decimal text, trailing zeros trimmed to at least 2 places. */
export function formatUnits(units: bigint, decimals: number): string {
  const base = 10n ** BigInt(decimals)
  const fraction = String(units % base)
    .padStart(decimals, '0')
    .replace(/0+$/, '')
  return `${units / base}.${fraction.padEnd(2, '0')}`
}

/** `cents` × per-mille rate, rounded half up. */
export function perMille(cents: bigint, rate: number): bigint {
  return (cents * BigInt(rate) + 500n) / 1000n
}
