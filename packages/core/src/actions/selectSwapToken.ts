import type { Portico } from '../portico.js'
import { goBack } from './goBack.js'
import { fetchSwapPrices } from './fetchSwapPrices.js'
import { requoteSwap } from './internal/requoteSwap.js'
import type { SwapToken } from '../api/swap.js'

export interface SelectSwapTokenParameters {
  /** The token picked for the side being picked. */
  token: SwapToken
}
export type SelectSwapTokenReturnType = void
export type SelectSwapTokenErrorType = never

/** The picker's choice for its side; choosing the other side's token swaps the two. */
export function selectSwapToken(portico: Portico, parameters: SelectSwapTokenParameters): SelectSwapTokenReturnType
/** @deprecated use `selectSwapToken(portico, { token })` */
export function selectSwapToken(portico: Portico, token: SwapToken): SelectSwapTokenReturnType
export function selectSwapToken(portico: Portico, parameters: SelectSwapTokenParameters | SwapToken): SelectSwapTokenReturnType {
  // A token (it has a symbol) is the deprecated positional form.
  const { token } = parameters && 'symbol' in parameters ? { token: parameters } : (parameters ?? {})
  const { swap } = portico.stores
  const { picking, from, to } = swap.getState()
  const other = picking === 'from' ? to : from
  const next = other?.address === token.address ? { from: picking === 'from' ? token : to, to: picking === 'from' ? from : token } : { [picking]: token }
  swap.setState({ ...next, quote: undefined, allowance: undefined })
  goBack(portico)
  requoteSwap(portico)
  void fetchSwapPrices(portico)
}
