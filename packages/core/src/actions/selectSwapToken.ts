import type { Portico } from '../portico.js'
import { goBack } from './goBack.js'
import { fetchSwapPrices } from './fetchSwapPrices.js'
import { requoteSwap } from './setSwapAmount.js'
import type { SwapToken } from '../api/swap.js'

/** The picker's choice for its side; choosing the other side's token swaps the two. */
export function selectSwapToken(portico: Portico, token: SwapToken) {
  const { swap } = portico.stores
  const { picking, from, to } = swap.getState()
  const other = picking === 'from' ? to : from
  const next = other?.address === token.address ? { from: picking === 'from' ? token : to, to: picking === 'from' ? from : token } : { [picking]: token }
  swap.setState({ ...next, quote: undefined, allowance: undefined })
  goBack(portico)
  requoteSwap(portico)
  void fetchSwapPrices(portico)
}
