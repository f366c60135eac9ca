/** SPEC §9 'Swaps': slippage tolerance, in percent (its own module: the swap store's default is in the first load). */
export const SWAP_SLIPPAGE_PERCENT = 1
