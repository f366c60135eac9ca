import type { Portico } from '../portico.js'
import { push } from '../router.js'
import { SWAP_SLIPPAGE_PERCENT, SWAP_SUGGESTED_SYMBOLS } from '../spec/swaps.js'
import { getSwapTokensFromApi } from '../swap/api.js'
import { swapErrorText } from '../swap/errorText.js'
import { initialSwapState } from '../stores/swap.js'

export type StartSwapReturnType = Promise<void>

/**
 * Opens Swap on the active network: the server's token list, the native token to sell and the
 * first suggested other token to buy. A chain without swaps shows the server's 'Network not
 * supported for Swaps' in the view.
 */
export async function startSwap(portico: Portico): StartSwapReturnType {
  const { swap, network, router } = portico.stores
  swap.setState(initialSwapState(SWAP_SLIPPAGE_PERCENT))
  push(router, 'Swap')
  const chainId = network.getState().caipNetwork?.caipNetworkId
  if (!chainId || !portico.api) return swap.setState({ tokensError: 'Network not supported for Swaps' })
  try {
    const tokens = await getSwapTokensFromApi(portico, chainId)
    if (network.getState().caipNetwork?.caipNetworkId !== chainId) return
    const from = tokens[0]
    const to = SWAP_SUGGESTED_SYMBOLS.map((symbol) => tokens.find((t) => t.symbol === symbol && t !== from)).find(Boolean) ?? tokens[1]
    swap.setState({ tokens, from, to })
  } catch (error) {
    swap.setState({ tokensError: swapErrorText(error) })
  }
}
