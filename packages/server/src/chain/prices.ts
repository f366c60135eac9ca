import { CacheLifetimes } from '@portico/core/spec'
import type { PublicClient } from 'viem'
import type { ServerConfig } from '../config.js'
import { eip155Family } from './eip155.js'
import { familyOfChain } from './families.js'
import { chainlinkSource } from './chainlink.js'
import { priceApiSource } from './priceApi.js'
import type { PriceSource } from './priceSource.js'

export type { PricedAsset, PriceSource } from './priceSource.js'

/**
 * The configured price source, per asset: its Chainlink feed when config.priceFeeds names one
 * (chainlink.ts, read over the chain's RPC), else config.priceApi (a CoinGecko-compatible API, priceApi.ts) when
 * set, else ServerConfig.prices (USD by symbol, development), for the assets the server is
 * configured with only: a chain's native currency and its configured tokens. An arbitrary
 * contract calling itself 'USDC' is not priced by symbol.
 */
export function configPriceSource(
  config: ServerConfig,
  evmClient?: (chainId: string) => PublicClient | undefined,
  log?: (...args: unknown[]) => void,
): PriceSource {
  const fallback = otherPriceSource(config)
  if (!config.priceFeeds || !evmClient) return fallback
  const feeds = chainlinkSource(config.priceFeeds, evmClient, { cacheMs: CacheLifetimes.tokenPrice, log })
  // A feed's answer (or its 'unavailable') is final for the assets it names; the rest go on.
  return { price: (asset, currency) => (feeds.has(asset) ? feeds.price(asset, currency) : fallback.price(asset, currency)) }
}

function otherPriceSource(config: ServerConfig): PriceSource {
  if (config.priceApi) return priceApiSource(config.priceApi)
  return {
    async price(asset) {
      // Compared in the family's lookup form: Solana mints are base58, compared exactly; EVM contracts in any case.
      const family = familyOfChain(asset.chainId) ?? eip155Family
      const { native, tokens } = family.assets(config, asset.chainId)
      const key = asset.address && family.accountKey(asset.address)
      const known = key ? tokens.find((t) => family.accountKey(t.address) === key) : native
      if (!known) return undefined
      const price = config.prices[known.symbol] ?? config.prices[known.symbol.toUpperCase()]
      return typeof price === 'number' && Number.isFinite(price) ? price : undefined
    },
  }
}
