// @vitest-environment node
import { DEV_ACCOUNTS, DEVNET_PRICE_FEED_DEPLOYER, DEVNET_PRICE_FEEDS, priceFeedAbi, startDevnet, type Devnet } from '@portico/devnet'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { DEFAULT_CONFIG, type ServerConfig } from '../config.js'
import { evmClients } from '../context.js'
import { chainlinkSource } from './chainlink.js'
import { configPriceSource } from './prices.js'
import { devClients } from './testing.js'

/**
 * The Chainlink price source on the devnet (anvil): the devnet's ETH/USD feed (AggregatorV3Interface,
 * deployed by startDevnet at DEVNET_PRICE_FEEDS.ethUsd) read over the chain's RPC, as `npm start` does.
 */
let devnet: Devnet
let config: ServerConfig
const CHAIN = 'eip155:31337'
const ETH = { chainId: CHAIN, symbol: 'ETH' }

beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true })
  config = { ...DEFAULT_CONFIG, rpcUrls: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])) }
}, 60_000)
afterAll(() => devnet?.stop())

const feed = () => devClients(devnet.chains[0]!, DEVNET_PRICE_FEED_DEPLOYER)
const write = async (functionName: 'updateAnswer' | 'updateRoundData', args: readonly unknown[]) => {
  const { wallet, client } = feed()
  const hash = await wallet.writeContract({ address: DEVNET_PRICE_FEEDS.ethUsd, abi: priceFeedAbi, functionName, args: args as never })
  await client.waitForTransactionReceipt({ hash })
}
const source = (now?: () => number) => chainlinkSource(config.priceFeeds!, evmClients(config.rpcUrls), { cacheMs: 15_000, ...(now ? { now } : {}) })

test("--dev prices ETH from the devnet's feed (not the fixed 3000 of config.prices), tokens without a feed from the next source", async () => {
  expect(devnet.chains[0]!.priceFeeds?.ethUsd).toBe(DEVNET_PRICE_FEEDS.ethUsd)
  expect(config.priceFeeds?.[CHAIN]?.native?.address).toBe(DEVNET_PRICE_FEEDS.ethUsd)
  expect(await configPriceSource(config, evmClients(config.rpcUrls)).price(ETH, 'usd')).toBe(3000)
  await write('updateAnswer', [3123_45000000n])
  const prices = configPriceSource(config, evmClients(config.rpcUrls))
  expect(await prices.price(ETH, 'usd')).toBe(3123.45)
  expect(await prices.price({ chainId: CHAIN, address: devnet.chains[0]!.usdc, symbol: 'USDC' }, 'usd')).toBe(1)
})

test('a price is kept for 15 s (SPEC §9), then read again', async () => {
  let now = Date.now()
  const prices = source(() => now)
  await write('updateAnswer', [3000_00000000n])
  expect(await prices.price(ETH, 'usd')).toBe(3000)
  await write('updateAnswer', [3200_00000000n])
  now += 14_000
  expect(await prices.price(ETH, 'usd')).toBe(3000)
  now += 2_000
  expect(await prices.price(ETH, 'usd')).toBe(3200)
})

test('price unavailable rather than a wrong number: a stale round, a zero or negative answer, an incomplete round, a dead RPC', async () => {
  const { client } = feed()
  const { timestamp } = await client.getBlock()
  const cases: Array<[string, readonly unknown[]]> = [
    ['stale (two days old, max one day)', [9n, 3000_00000000n, timestamp - 2n * 86_400n, timestamp - 2n * 86_400n]],
    ['zero', [10n, 0n, timestamp, timestamp]],
    ['negative', [11n, -1n, timestamp, timestamp]],
    ['never updated', [12n, 3000_00000000n, 0n, 0n]],
  ]
  for (const [what, args] of cases) {
    await write('updateRoundData', args)
    expect(await source().price(ETH, 'usd'), what).toBeUndefined()
    // The fixed 3000 of config.prices is never used instead.
    expect(await configPriceSource(config, evmClients(config.rpcUrls)).price(ETH, 'usd'), what).toBeUndefined()
  }
  await write('updateAnswer', [3000_00000000n])
  expect(await source().price(ETH, 'usd')).toBe(3000)
  const dead = chainlinkSource(config.priceFeeds!, evmClients({ [CHAIN]: 'http://127.0.0.1:1' }), { cacheMs: 15_000 })
  expect(await dead.price(ETH, 'usd')).toBeUndefined()
  // Not a feed at all (an account without code): unavailable too.
  const wrong = chainlinkSource({ [CHAIN]: { native: { address: DEV_ACCOUNTS[3]!.address, maxAgeSeconds: 60 } } }, evmClients(config.rpcUrls), {
    cacheMs: 15_000,
  })
  expect(await wrong.price(ETH, 'usd')).toBeUndefined()
})
