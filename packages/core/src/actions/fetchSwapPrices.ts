import type { Portico } from '../portico.js'
import { isNativePlaceholder } from '../spec/swaps.js'
import { getSwapGasPriceFromApi, getTokenPricesFromApi, type SwapToken } from '../api/swap.js'

export type FetchSwapPricesReturnType = Promise<void>

/** The price path's name for a swap token: the native token is `<chain>:native` there. */
const priceAddress = (token: SwapToken) => {
  const [namespace, reference, address] = token.address.split(':') as [string, string, string]
  return isNativePlaceholder(address) ? `${namespace}:${reference}:native` : token.address
}

export type FetchSwapPricesErrorType = never

/**
 * What the Swap view's fiat values and network fee need: the USD prices of the pair and of the
 * native token (POST v1/fungible/price, kept 15 s per token by SPEC §9's token-price cache) and
 * the gas price (GET v1/convert/gas-price). Missing figures leave those lines empty; a swap never
 * waits on them.
 */
export async function fetchSwapPrices(portico: Portico): FetchSwapPricesReturnType {
  const { swap, network } = portico.stores
  const chainId = network.getState().caipNetwork?.caipNetworkId
  const { from, to, tokens } = swap.getState()
  if (!chainId || !portico.api) return
  const native = tokens?.find((t) => isNativePlaceholder(t.address.split(':').pop()!))
  const wanted = [from, to, native].filter((t): t is SwapToken => t !== undefined)
  const cached = new Map(wanted.map((t) => [t, portico.cache.get<number | null>('tokenPrice', priceAddress(t))]))
  const missing = [...new Set(wanted.filter((t) => cached.get(t) === undefined))]
  const [prices, gasPrice] = await Promise.all([
    missing.length ? getTokenPricesFromApi(portico, missing.map(priceAddress)).catch(() => undefined) : undefined,
    swap.getState().gasPrice === undefined ? getSwapGasPriceFromApi(portico, chainId).catch(() => undefined) : undefined,
  ])
  if (network.getState().caipNetwork?.caipNetworkId !== chainId) return
  for (const token of missing) {
    if (!prices) continue
    const price = prices[token.symbol] ?? null
    portico.cache.set('tokenPrice', priceAddress(token), price)
    cached.set(token, price)
  }
  const known = Object.fromEntries(wanted.flatMap((t) => (typeof cached.get(t) === 'number' ? [[t.symbol, cached.get(t) as number]] : [])))
  swap.setState((s) => ({ prices: { ...s.prices, ...known }, ...(gasPrice !== undefined ? { gasPrice: gasPrice.toString() } : {}) }))
}
