/** Display rules of SPEC §5 'Display and filtering'. */

/** Base units → exact decimal string (no floating point). */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** SPEC §5: balances are truncated down (not rounded) to 3 decimals. '1.23999' → '1.239'. */
export function truncateDecimals(amount: string, places = 3): string {
  const [whole = '0', fraction = ''] = amount.split('.')
  const kept = fraction.slice(0, places).padEnd(places, '0')
  return places > 0 ? `${whole}.${kept}` : whole
}

/** SPEC §5: currency is USD with 2 decimals. */
export function formatUsd(value: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value)
}

/** 0x1234…abcd */
export function shortenAddress(address: string, head = 6, tail = 4): string {
  return address.length <= head + tail + 1 ? address : `${address.slice(0, head)}…${address.slice(-tail)}`
}

/** A decimal string ('1.5') → base units; throws on malformed input or too many decimals. */
export function parseUnits(amount: string, decimals: number): bigint {
  const trimmed = amount.trim()
  if (!/^\d*(\.\d*)?$/.test(trimmed) || trimmed === '' || trimmed === '.') throw new Error(`Invalid amount: ${amount}`)
  const [whole = '', fraction = ''] = trimmed.split('.')
  if (fraction.length > decimals) throw new Error(`Too many decimals: at most ${decimals}`)
  return BigInt((whole || '0') + fraction.padEnd(decimals, '0'))
}

/** The Account total: the sum of the token balances' USD values (SPEC §3 'Token balance' value). */
export function totalBalanceUsd(tokens: ReadonlyArray<{ value: number }> | undefined): number {
  return (tokens ?? []).reduce((sum, token) => sum + (Number.isFinite(token.value) ? token.value : 0), 0)
}
