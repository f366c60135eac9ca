import type { PublicClient } from 'viem'
import type { ServerConfig } from '../config.js'
import type { PricedAsset, PriceSource } from './priceSource.js'

type PriceFeedsConfig = NonNullable<ServerConfig['priceFeeds']>

/** Chainlink's AggregatorV3Interface: the two reads a price needs. */
export const aggregatorV3Abi = [
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint8' }] },
  {
    type: 'function',
    name: 'latestRoundData',
    stateMutability: 'view',
    inputs: [],
    outputs: [
      { name: 'roundId', type: 'uint80' },
      { name: 'answer', type: 'int256' },
      { name: 'startedAt', type: 'uint256' },
      { name: 'updatedAt', type: 'uint256' },
      { name: 'answeredInRound', type: 'uint80' },
    ],
  },
] as const

/** Why a feed's round gives no price (logged; the price is then unavailable). */
export function roundProblem(
  round: { answer: bigint; updatedAt: bigint; roundId: bigint; answeredInRound: bigint },
  maxAgeSeconds: number,
  nowSeconds: number,
) {
  if (round.answer <= 0n) return 'non-positive answer'
  if (round.updatedAt === 0n) return 'round not complete'
  if (round.answeredInRound < round.roundId) return 'answer carried from an earlier round'
  if (nowSeconds - Number(round.updatedAt) > maxAgeSeconds) return `stale: updated ${nowSeconds - Number(round.updatedAt)} s ago (max ${maxAgeSeconds} s)`
  return undefined
}

/**
 * Prices from Chainlink price feeds (config.priceFeeds) read over the chain's own RPC:
 * latestRoundData and decimals of the asset's feed (the native currency under 'native', a token
 * under its contract address). A stale round (older than the feed's maxAgeSeconds), a zero or
 * negative answer, an incomplete round or a failing RPC is 'price unavailable' (undefined), never a
 * wrong number. Kept for cacheMs (SPEC §9 token price: 15 s); an unavailable price for 5 s.
 * Assets without a feed are undefined too: the caller (prices.ts) then asks the next source.
 */
export function chainlinkSource(
  feeds: PriceFeedsConfig,
  evmClient: (chainId: string) => PublicClient | undefined,
  opts: { cacheMs: number; log?: (...args: unknown[]) => void; now?: () => number },
): PriceSource & { has(asset: PricedAsset): boolean } {
  const now = opts.now ?? Date.now
  const cache = new Map<string, { until: number; value: Promise<number | undefined> }>()
  const decimals = new Map<string, Promise<number>>()
  const feedOf = (asset: PricedAsset) => {
    const chain = feeds[asset.chainId]
    if (!chain) return undefined
    if (!asset.address) return chain.native
    const address = asset.address.toLowerCase()
    return Object.entries(chain.tokens ?? {}).find(([token]) => token.toLowerCase() === address)?.[1]
  }
  const read = async (chainId: string, feed: { address: `0x${string}`; maxAgeSeconds: number }) => {
    const client = evmClient(chainId)
    if (!client) return undefined
    const key = `${chainId}/${feed.address.toLowerCase()}`
    let places = decimals.get(key)
    if (!places) {
      places = client.readContract({ address: feed.address, abi: aggregatorV3Abi, functionName: 'decimals' })
      decimals.set(key, places)
      places.catch(() => decimals.delete(key))
    }
    const [roundId, answer, , updatedAt, answeredInRound] = await client.readContract({
      address: feed.address,
      abi: aggregatorV3Abi,
      functionName: 'latestRoundData',
    })
    const problem = roundProblem({ roundId, answer, updatedAt, answeredInRound }, feed.maxAgeSeconds, Math.floor(now() / 1000))
    if (problem) {
      opts.log?.(`price feed ${feed.address} on ${chainId}: price unavailable (${problem})`)
      return undefined
    }
    const value = Number(answer) / 10 ** (await places)
    return Number.isFinite(value) ? value : undefined
  }
  return {
    has: (asset) => feedOf(asset) !== undefined,
    price(asset) {
      const feed = feedOf(asset)
      if (!feed) return Promise.resolve(undefined)
      const key = `${asset.chainId}/${asset.address?.toLowerCase() ?? 'native'}`
      const at = now()
      const hit = cache.get(key)
      if (hit && hit.until > at) return hit.value
      const value = read(asset.chainId, feed).catch((error) => {
        opts.log?.(`price feed ${feed.address} on ${asset.chainId}: read failed`, error instanceof Error ? error.message.split('\n')[0] : error)
        return undefined
      })
      cache.set(key, { until: at + opts.cacheMs, value })
      void value.then((v) => v === undefined && cache.set(key, { until: at + Math.min(5_000, opts.cacheMs), value }))
      return value
    },
  }
}
