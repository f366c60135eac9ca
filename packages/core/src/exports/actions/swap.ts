// @portico/core, swaps (the server's /v1/convert/*). Explicit named re-exports, re-exported by index.ts.
export { startSwap, type StartSwapReturnType, type StartSwapErrorType } from '../../actions/startSwap.js'
export { setSwapAmount, type SetSwapAmountParameters, type SetSwapAmountReturnType, type SetSwapAmountErrorType } from '../../actions/setSwapAmount.js'
export {
  openSwapTokenPicker,
  type OpenSwapTokenPickerParameters,
  type OpenSwapTokenPickerReturnType,
  type OpenSwapTokenPickerErrorType,
} from '../../actions/openSwapTokenPicker.js'
export {
  selectSwapToken,
  type SelectSwapTokenParameters,
  type SelectSwapTokenReturnType,
  type SelectSwapTokenErrorType,
} from '../../actions/selectSwapToken.js'
export { flipSwapTokens, type FlipSwapTokensReturnType, type FlipSwapTokensErrorType } from '../../actions/flipSwapTokens.js'
export { submitSwap, type SubmitSwapErrorType, type SubmitSwapParameters, type SubmitSwapReturnType } from '../../actions/submitSwap.js'
export {
  formatSwapAmount,
  getSwapProblem,
  isPriceImpactHigh,
  minimumReceived,
  swapAmount,
  swapFiatValue,
  swapNeedsApproval,
  swapNetworkFee,
  swapRate,
  swapTokenBalance,
  SwapText,
  SWAP_PRICE_IMPACT_WARNING_PERCENT,
} from '../../swap/rules.js'
export {
  fetchSwapTokens,
  type FetchSwapTokensErrorType,
  type FetchSwapTokensParameters,
  type FetchSwapTokensReturnType,
} from '../../actions/fetchSwapTokens.js'
export { fetchSwapPrices, type FetchSwapPricesReturnType, type FetchSwapPricesErrorType } from '../../actions/fetchSwapPrices.js'
export type { SwapQuote, SwapToken, SwapTokenList } from '../../api/swap.js'
export { SWAP_SLIPPAGE_PERCENT, SWAP_SUGGESTED_SYMBOLS } from '../../spec/swaps.js'
export type { SwapState } from '../../stores/swap.js'
