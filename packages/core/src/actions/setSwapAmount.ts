import type { Portico } from '../portico.js'
import { SWAP_QUOTE_DEBOUNCE_MS } from '../swap/rules.js'
import { fetchSwapQuote } from './internal/fetchSwapQuote.js'

const TIMER = 'swapQuote'

export interface SetSwapAmountParameters {
  /** The amount to pay, as typed. */
  fromAmount: string
}
export type SetSwapAmountReturnType = void
export type SetSwapAmountErrorType = never

/** Keeps the amount exactly as typed and quotes it after a pause in typing. */
export function setSwapAmount(portico: Portico, parameters: SetSwapAmountParameters): SetSwapAmountReturnType
/** @deprecated use `setSwapAmount(portico, { fromAmount })` */
export function setSwapAmount(portico: Portico, fromAmount: string): SetSwapAmountReturnType
export function setSwapAmount(portico: Portico, parameters: SetSwapAmountParameters | string): SetSwapAmountReturnType {
  const { fromAmount } = typeof parameters === 'object' ? parameters : { fromAmount: parameters }
  portico.stores.swap.setState({ fromAmount, quote: undefined, quoteError: undefined })
  requoteSwap(portico)
}

/** A new quote after the debounce pause (typing, a token change, a flip). */
export function requoteSwap(portico: Portico) {
  const previous = portico.timers.get(TIMER)
  if (previous !== undefined) portico.clock.clearTimeout(previous)
  portico.stores.swap.setState({ quoteLoading: true })
  portico.timers.set(
    TIMER,
    portico.clock.setTimeout(() => {
      portico.timers.delete(TIMER)
      void fetchSwapQuote(portico)
    }, SWAP_QUOTE_DEBOUNCE_MS),
  )
}
