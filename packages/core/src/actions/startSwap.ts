import type { Portico } from '../portico.js'
import { push } from '../router.js'
import { errorMessage, keyOf } from '../i18n/message.js'
import { SWAP_SLIPPAGE_PERCENT } from '../spec/swaps.js'
import { swapErrorMessage } from '../swap/errorText.js'
import { initialSwapState } from '../stores/swap.js'
import { fetchSwapPrices } from './fetchSwapPrices.js'
import { fetchSwapTokens } from './fetchSwapTokens.js'

export type StartSwapReturnType = Promise<void>

export type StartSwapErrorType = never

/**
 * Opens Swap on the active network: the server's token list (read once per chain), the native
 * token to sell and the server's first suggested other token to buy, then the prices and gas price
 * for the fiat values and the network fee. A chain without swaps shows the server's 'Network not
 * supported for Swaps' in the view.
 */
export async function startSwap(portico: Portico): StartSwapReturnType {
  const { swap, network, router } = portico.stores
  // Replaced, not merged: nothing of the last swap (its allowance) is left.
  swap.setState(initialSwapState(SWAP_SLIPPAGE_PERCENT), true)
  push(router, 'Swap')
  const chainId = network.getState().caipNetwork?.caipNetworkId
  if (!chainId || !portico.api) return swap.setState({ tokensError: keyOf(errorMessage('swapsNetworkUnsupported')) })
  try {
    const { tokens, popular, suggested } = await fetchSwapTokens(portico, { chainId })
    if (network.getState().caipNetwork?.caipNetworkId !== chainId) return
    const from = tokens[0]
    const to = suggested.find((t) => t !== from) ?? tokens[1]
    swap.setState({ tokens, popular, suggested, from, to })
  } catch (error) {
    return swap.setState({ tokensError: keyOf(swapErrorMessage(error)) })
  }
  await fetchSwapPrices(portico)
}
