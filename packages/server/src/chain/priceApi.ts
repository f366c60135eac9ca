import type { ServerConfig } from '../config.js'
import { familyOfChain } from './families.js'
import type { PricedAsset, PriceSource } from './priceSource.js'

type PriceApiConfig = NonNullable<ServerConfig['priceApi']>

/**
 * Prices from a CoinGecko-compatible API (config.priceApi): a native currency by its coin id
 * (GET /simple/price?ids=…&vs_currencies=usd), a token by its contract or mint on the chain's
 * platform (GET /simple/token_price/{platform}?contract_addresses=…&vs_currencies=usd). Kept for
 * cacheMs (15 s); an answer that fails, is late or lacks the asset is 'price unavailable'
 * (undefined, kept 5 s so a failing API is not hammered), never a guess.
 */
export function priceApiSource(api: PriceApiConfig, fetchFn: typeof fetch = fetch): PriceSource {
  const cache = new Map<string, { until: number; value: Promise<number | undefined> }>()
  const get = async (path: string, pick: (body: Record<string, Record<string, unknown>>) => unknown) => {
    const response = await fetchFn(`${api.baseUrl.replace(/\/$/, '')}${path}`, {
      headers: { accept: 'application/json', ...(api.apiKey ? { [api.apiKeyHeader]: api.apiKey } : {}) },
      signal: AbortSignal.timeout(api.timeoutMs),
    })
    if (!response.ok) return undefined
    const value = pick((await response.json()) as Record<string, Record<string, unknown>>)
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined
  }
  const lookup = (asset: PricedAsset): Promise<number | undefined> => {
    const chain = api.chains[asset.chainId]
    if (!chain) return Promise.resolve(undefined)
    if (!asset.address) return get(`/simple/price?ids=${encodeURIComponent(chain.nativeCoinId)}&vs_currencies=usd`, (b) => b[chain.nativeCoinId]?.usd)
    // Contracts are answered in their family's lookup form: EVM in lower case, Solana mints as they are.
    const address = familyOfChain(asset.chainId)?.accountKey(asset.address) ?? asset.address
    return get(
      `/simple/token_price/${encodeURIComponent(chain.platform)}?contract_addresses=${encodeURIComponent(address)}&vs_currencies=usd`,
      (b) => b[address]?.usd,
    )
  }
  return {
    price(asset) {
      const key = `${asset.chainId}/${asset.address ?? 'native'}`
      const now = Date.now()
      const hit = cache.get(key)
      if (hit && hit.until > now) return hit.value
      const value = lookup(asset).catch(() => undefined)
      cache.set(key, { until: now + api.cacheMs, value })
      void value.then((v) => v === undefined && cache.set(key, { until: now + Math.min(5_000, api.cacheMs), value }))
      return value
    },
  }
}
