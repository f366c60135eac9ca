import type { TokenBalance } from '../api/schemas.js'
import { isNativePlaceholder } from '../spec/swaps.js'
import type { SwapState } from '../stores/swap.js'
import { formatUnits, parseUnits, truncateDecimals } from '../utils/format.js'
import type { SwapToken } from '../api/swap.js'
import { SwapText } from '../spec/swapText.js'
import type { Problem } from '../i18n/message.js'

export { SwapText }

/** Not in SPEC: above this price impact (percent) the Swap view warns, as the closest products do. */
export const SWAP_PRICE_IMPACT_WARNING_PERCENT = 5
/** Quotes follow typing after this pause. */
export const SWAP_QUOTE_DEBOUNCE_MS = 400

/** The amount in base units, or undefined while the input is empty, zero or not a number. */
export function swapAmount(state: Pick<SwapState, 'from' | 'fromAmount'>): bigint | undefined {
  if (!state.from) return undefined
  try {
    const amount = parseUnits(state.fromAmount, state.from.decimals)
    return amount > 0n ? amount : undefined
  } catch {
    return undefined
  }
}

/** The account's balance of a swap token (the native token has no address in the balance list). */
export function swapTokenBalance(token: SwapToken | undefined, balances: readonly TokenBalance[] | undefined): TokenBalance | undefined {
  if (!token || !balances) return undefined
  const address = token.address.split(':').pop()!
  if (isNativePlaceholder(address)) return balances.find((b) => !b.address)
  return balances.find((b) => b.address !== undefined && b.address.split(':').pop()!.toLowerCase() === address.toLowerCase())
}

/** What stops a swap: a SwapText, or the quote's failure (the server's words or ours). */
export type SwapProblem = Problem<keyof typeof SwapText | 'quoteError'>

const swapProblem = (kind: keyof typeof SwapText): SwapProblem => ({ key: `swapText.${kind}`, kind })

/** Why the swap cannot be submitted yet, or undefined when it can. */
export function getSwapProblem(state: SwapState, balances: readonly TokenBalance[] | undefined): SwapProblem | undefined {
  if (!state.from || !state.to) return swapProblem('selectToken')
  const amount = swapAmount(state)
  if (amount === undefined) return swapProblem('enterAmount')
  const balance = swapTokenBalance(state.from, balances)
  if (!balance || parseUnits(balance.quantity.numeric, state.from.decimals) < amount) return swapProblem('insufficientBalance')
  if (state.quoteLoading) return swapProblem('loadingQuote')
  if (!state.quote) return state.quoteError ? { ...state.quoteError, kind: 'quoteError' } : swapProblem('noQuote')
  return undefined
}

/** Whether the swap starts with an approval (the router may not spend the amount yet, as last read). */
export function swapNeedsApproval(state: Pick<SwapState, 'from' | 'fromAmount' | 'allowance'>): boolean {
  const amount = swapAmount(state)
  return amount !== undefined && state.allowance !== undefined && BigInt(state.allowance) < amount
}

/** The least the swap may return: the quote less the slippage tolerance (in basis points, so 0.5 % is exact). */
export function minimumReceived(toAmount: string, slippagePercent: number): bigint {
  return (BigInt(toAmount) * BigInt(10_000 - Math.round(slippagePercent * 100))) / 10_000n
}

/** '1 ETH = 2,961.47 USDC' from a quote, at up to 6 significant decimals. */
export function swapRate(state: SwapState): string | undefined {
  const { from, to, quote } = state
  if (!from || !to || !quote || BigInt(quote.fromAmount) === 0n) return undefined
  // toAmount per one whole `from`, in `to` base units.
  const perOne = (BigInt(quote.toAmount) * 10n ** BigInt(from.decimals)) / BigInt(quote.fromAmount)
  return `1 ${from.symbol} = ${trimDecimals(formatUnits(perOne, to.decimals), 6)} ${to.symbol}`
}

/** A swap amount for display: 8 significant digits before dropping decimals, at least 2 and at most 6 (truncated, never rounded up). */
export function formatSwapAmount(amount: bigint | string, decimals: number): string {
  const exact = formatUnits(BigInt(amount), decimals)
  const whole = exact.split('.')[0]!.replace('-', '')
  const places = Math.min(6, Math.max(2, 8 - (whole === '0' ? 1 : whole.length)))
  return truncateDecimals(exact, places)
}

/** The USD value of an amount in base units of a token, when the server priced the token. */
export function swapFiatValue(amount: bigint | string | undefined, token: SwapToken | undefined, prices: Readonly<Record<string, number>>): number | undefined {
  const price = token && prices[token.symbol]
  if (amount === undefined || price === undefined || !token) return undefined
  return Number(formatUnits(BigInt(amount), token.decimals)) * price
}

/** The swap's network fee: the quote's gas at the gas price, in the native token and, when priced, in USD. */
export function swapNetworkFee(
  state: Pick<SwapState, 'quote' | 'gasPrice' | 'tokens' | 'prices'>,
): { amount: string; symbol: string; usd: number | undefined } | undefined {
  const native = state.tokens?.find((t) => isNativePlaceholder(t.address.split(':').pop()!))
  if (!state.quote?.gas || state.gasPrice === undefined || !native) return undefined
  const wei = BigInt(state.quote.gas) * BigInt(state.gasPrice)
  return { amount: formatUnits(wei, native.decimals), symbol: native.symbol, usd: swapFiatValue(wei, native, state.prices) }
}

export function isPriceImpactHigh(quote: SwapState['quote']): boolean {
  return (quote?.priceImpact ?? 0) > SWAP_PRICE_IMPACT_WARNING_PERCENT
}

function trimDecimals(amount: string, places: number): string {
  const [whole, fraction = ''] = amount.split('.')
  const kept = fraction.slice(0, places).replace(/0+$/, '')
  return kept ? `${whole}.${kept}` : whole!
}
