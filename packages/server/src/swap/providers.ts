import { eip155ChainId } from '@portico/core/spec'
import type { ServerContext } from '../context.js'
import { chainAssets } from '../chain/assets.js'
import { aggregatorProvider } from './aggregator.js'
import { networkUnsupported, type SwapProvider } from './provider.js'
import { uniswapV2Provider } from './uniswapV2.js'

/**
 * The swap provider of each configured chain (ServerConfig.swap), made on first use. A chain
 * without an entry has no swaps on this server: 'Network not supported for Swaps'.
 */
export function swapProviders(ctx: ServerContext) {
  const made = new Map<string, SwapProvider>()
  return (caip2: string): SwapProvider => {
    const existing = made.get(caip2)
    if (existing) return existing
    const config = ctx.config.swap?.[caip2]
    const chainId = eip155ChainId(caip2)
    if (!config || chainId === undefined) throw networkUnsupported()
    let provider: SwapProvider
    if (config.kind === 'uniswap-v2') {
      const client = ctx.evmClient(caip2)
      if (!client) throw networkUnsupported()
      provider = uniswapV2Provider({ config, client, caip2, native: chainAssets(ctx.config, caip2).native })
    } else provider = aggregatorProvider({ config, chainId, caip2 })
    made.set(caip2, provider)
    return provider
  }
}
