import { createStore } from 'zustand/vanilla'
import type { SwapQuote, SwapToken } from '../api/swap.js'
import type { Message } from '../i18n/message.js'

/** The Swap views' state: the pair, the amount as typed, the quote and the two-step submission. */
export interface SwapState {
  /** The chain's swappable tokens (the server's list); undefined until loaded. */
  tokens: SwapToken[] | undefined
  /** Set when the chain has no swaps ('Network not supported for Swaps') or the list failed. */
  tokensError: Message | undefined
  /** The server's popular and suggested tokens of the chain (SPEC §9), among `tokens`. */
  popular: SwapToken[]
  suggested: SwapToken[]
  /** USD per whole token, by symbol (the server's prices path); a token without one shows no fiat value. */
  prices: Record<string, number>
  /** Wei per gas (the server's standard tier), for the network fee; undefined until read. */
  gasPrice: string | undefined
  from: SwapToken | undefined
  to: SwapToken | undefined
  /** What the user typed, kept exactly (no lost input). */
  fromAmount: string
  /** Which side the token picker is choosing. */
  picking: 'from' | 'to'
  quote: SwapQuote | undefined
  quoteLoading: boolean
  quoteError: Message | undefined
  /**
   * How much of `from` the swap router may spend for the account (base units), read with each quote;
   * absent for the native token, or while unknown. The preview offers an unlimited approval only below the amount.
   * (Optional: not in initialSwapState, which is in the first load.)
   */
  allowance?: string | undefined
  /** Percent; SPEC §9 default 1. */
  slippage: number
  /** While approving or swapping: which step; 'done' once the swap is mined. */
  step: 'approve' | 'swap' | 'done' | undefined
  submitError: Message | undefined
}

export const initialSwapState = (slippage: number): SwapState => ({
  tokens: undefined,
  tokensError: undefined,
  popular: [],
  suggested: [],
  prices: {},
  gasPrice: undefined,
  from: undefined,
  to: undefined,
  fromAmount: '',
  picking: 'to',
  quote: undefined,
  quoteLoading: false,
  quoteError: undefined,
  slippage,
  step: undefined,
  submitError: undefined,
})

export function createSwapStore(slippage: number) {
  return createStore<SwapState>(() => initialSwapState(slippage))
}
export type SwapStore = ReturnType<typeof createSwapStore>
