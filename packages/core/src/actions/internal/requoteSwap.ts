import type { Portico } from '../../portico.js'
import { SWAP_QUOTE_DEBOUNCE_MS } from '../../swap/rules.js'
import { fetchSwapQuote } from './fetchSwapQuote.js'

const TIMER = 'swapQuote'

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
