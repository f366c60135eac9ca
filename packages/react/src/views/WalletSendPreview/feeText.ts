import type { SendFee } from '@portico/core'

/**
 * A fee estimate as the preview shows it: '~0.00000705 BTC ($0.42)'. Shown to the native currency's
 * decimals up to 8 (a Bitcoin fee is a few hundred satoshis), else to 6 (ETH, SOL); below the last
 * place shown it reads '< 0.000001'.
 */
export function feeText(fee: SendFee, decimals: number, format: { amount: (amount: string, places: number) => string; usd: (value: number) => string }) {
  const places = decimals <= 8 ? decimals : 6
  const tiny = fee.amount.startsWith(`0.${'0'.repeat(places)}`)
  const shown = tiny ? `< ${format.amount(`0.${'0'.repeat(places - 1)}1`, places)}` : `~${format.amount(fee.amount, places)}`
  return `${shown} ${fee.symbol}${fee.usd !== undefined ? ` (${format.usd(fee.usd)})` : ''}`
}
