import type { Portico } from '../../portico.js'
import { isNativePlaceholder } from '../../spec/swaps.js'
import { getSwapAllowanceFromApi, getSwapQuoteFromApi } from '../../api/swap.js'
import { swapErrorMessage } from '../../swap/errorText.js'
import { keyOf } from '../../i18n/message.js'
import { swapAmount } from '../../swap/rules.js'
import { getAccount } from '../../stores/account.js'

/**
 * Quotes the current pair and amount, and reads the router's allowance of the token sold beside it (the preview
 * asks about an unlimited approval only when one is needed); an answer for a pair or amount that has changed
 * meanwhile is dropped.
 */
export async function fetchSwapQuote(portico: Portico): Promise<void> {
  const { swap, network } = portico.stores
  const state = swap.getState()
  const amount = swapAmount(state)
  const namespace = network.getState().activeNamespace
  const address = getAccount(portico, namespace).address
  const chainId = network.getState().caipNetwork?.caipNetworkId
  if (!state.from || !state.to || amount === undefined || !address || !chainId || !portico.api)
    return swap.setState({ quote: undefined, quoteLoading: false, quoteError: undefined, allowance: undefined })
  const current = (asked: typeof state) => {
    const now = swap.getState()
    return now.from === asked.from && now.to === asked.to && now.fromAmount === asked.fromAmount
  }
  swap.setState({ quoteLoading: true, quoteError: undefined })
  const userAddress = `${chainId}:${address}`
  // Unknown when it cannot be read: submitSwap reads it again before it sends anything.
  const allowance = isNativePlaceholder(state.from.address.split(':').pop()!)
    ? Promise.resolve(undefined)
    : getSwapAllowanceFromApi(portico, { tokenAddress: state.from.address, userAddress }).then(String, () => undefined)
  try {
    const [quote, allowed] = await Promise.all([
      getSwapQuoteFromApi(portico, { from: state.from.address, to: state.to.address, amount, userAddress }),
      allowance,
    ])
    if (current(state)) swap.setState({ quote, quoteLoading: false, allowance: allowed })
  } catch (error) {
    if (current(state)) swap.setState({ quote: undefined, quoteLoading: false, quoteError: keyOf(swapErrorMessage(error)) })
  }
}
