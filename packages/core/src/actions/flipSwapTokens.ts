import type { Portico } from '../portico.js'
import { requoteSwap } from './internal/requoteSwap.js'

export type FlipSwapTokensReturnType = void
export type FlipSwapTokensErrorType = never

/** Sells what was being bought, and the other way round; the amount typed stays. */
export function flipSwapTokens(portico: Portico) {
  const { swap } = portico.stores
  const { from, to } = swap.getState()
  swap.setState({ from: to, to: from, quote: undefined, allowance: undefined })
  requoteSwap(portico)
}
