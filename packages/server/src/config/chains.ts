import { CacheLifetimes } from '@portico/core/spec'
import { z } from 'zod'
import { caip2, hexAddress, httpUrl, positiveInt, secret, wsOrHttpUrl } from './fields.js'

const rpcList = z.union([wsOrHttpUrl(), z.array(wsOrHttpUrl()).min(1, { error: 'expected at least one URL' })], {
  error: 'expected an http(s) URL or a list of them',
})

const asset = z.strictObject({ name: z.string().min(1), symbol: z.string().min(1), decimals: z.number().int().min(0).max(36) })

const priceFeed = z.strictObject({
  address: hexAddress().describe("The feed's (proxy) contract address on that chain."),
  maxAgeSeconds: positiveInt()
    .default(3_600)
    .describe("A round older than this is stale: price unavailable (the feed's heartbeat: 3,600 s for Chainlink's ETH/USD on mainnet)."),
})

/** Chains: RPC endpoints, their assets, the indexer, the name service. */
export const chainsShape = {
  rpcUrls: z
    .record(caip2(), rpcList)
    .default({})
    .describe(
      'Chain JSON-RPC endpoints by CAIP-2 id: one URL or a list tried in order (viem fallback, batched). Known EVM chains get their viem chain definition by id. The enabled networks are these keys. Env PORTICO_RPC_URLS: caip2=url pairs, comma-separated (a chain repeated for fallbacks). Flag --rpc caip2=url (repeatable).',
    ),
  mainnetRpcUrls: z
    .array(httpUrl())
    .optional()
    .describe('Ethereum mainnet RPC URLs for ENS name and avatar lookups (viem chain mainnet); default: rpcUrls["eip155:1"]; none: no ENS lookups.'),
  chainAssets: z
    .record(caip2(), z.strictObject({ native: asset, tokens: z.array(asset.extend({ address: z.string().min(1) })).default([]) }))
    .optional()
    .describe(
      'Per chain: its native currency and the tokens the balance endpoint names and prices (ERC20 contracts or SPL mints). A chain without an entry gets an 18-decimal ETH (eip155) or a 9-decimal SOL (solana) and no tokens.',
    ),
  prices: z
    .record(z.string(), z.number().nonnegative())
    .default({})
    .describe('Fixed USD prices by token symbol (development price source; none in production: prices are then unavailable, never made up).'),
  priceApi: z
    .strictObject({
      baseUrl: httpUrl().describe('The API root, e.g. https://prices.example/api/v3 (GET /simple/price and /simple/token_price/{platform}).'),
      apiKey: secret(z.string().min(1).optional()).describe('Sent in apiKeyHeader.'),
      apiKeyHeader: z.string().min(1).default('x-cg-pro-api-key').describe('The header the key goes in.'),
      cacheMs: positiveInt().default(CacheLifetimes.tokenPrice).describe('How long a price is kept (SPEC §9 token price: 15 s).'),
      timeoutMs: positiveInt().default(5_000).describe('Per request; a slow or failing API means price unavailable, never a made-up one.'),
      chains: z
        .record(caip2(), z.strictObject({ platform: z.string().min(1), nativeCoinId: z.string().min(1) }))
        .describe("Per chain: the API's platform id for token prices by contract or mint, and the coin id of its native currency."),
    })
    .optional()
    .describe('A CoinGecko-compatible price API by URL and key; when set it prices every chain it names (instead of prices).'),
  priceFeeds: z
    .record(
      caip2(),
      z.strictObject({
        native: priceFeed.optional().describe("The native currency's USD feed."),
        tokens: z.record(z.string().min(1), priceFeed).optional().describe('USD feeds by token contract address.'),
      }),
    )
    .optional()
    .describe(
      "Chainlink price feeds (AggregatorV3Interface) per chain, read over the chain's own RPC (latestRoundData, decimals): they price the assets they name, before priceApi and prices. A stale round (older than maxAgeSeconds) or a zero/negative answer is 'price unavailable', never a wrong number. Cached 15 s (SPEC §9). --dev: the devnet's ETH/USD feed.",
    ),
  indexer: z
    .strictObject({
      enabled: z.boolean().default(true).describe('Run the chain indexer behind /v1/account/{address}/history.'),
      pollMs: z.number().int().positive().default(1000).describe("How often each chain's head is read (ms)."),
      batchBlocks: z.number().int().positive().default(20).describe('Blocks read per step.'),
      backfillBlocks: z.number().int().nonnegative().default(1000).describe('How far behind the head a fresh database starts.'),
      confirmations: z
        .number()
        .int()
        .nonnegative()
        .optional()
        .describe('Blocks this close to the head wait before they are indexed (default 0: index the head).'),
      reorgDepth: z
        .number()
        .int()
        .positive()
        .optional()
        .describe('Recent block hashes kept per chain (default 128): a reorg up to this deep rolls back only the orphaned blocks; deeper blocks are final.'),
      leaderRetryMs: z
        .number()
        .int()
        .positive()
        .max(25_000)
        .optional()
        .describe(
          "With several instances on PostgreSQL: how often a standby tries to take a chain's indexer lock (ms, default 5000; at most 25 s, so a dead leader is replaced within 30 s).",
        ),
    })
    .optional()
    .describe(
      'The chain indexer (on by default: enabled, 1 s poll, 20 blocks a step, 1000 back, 128-block reorg depth). One instance per chain indexes it (a PostgreSQL advisory lock).',
    ),
  nameSuffix: z
    .string()
    .regex(/^\.[a-z0-9-]+(\.[a-z0-9-]+)*$/, { error: 'expected a suffix like .portico.id' })
    .default('.portico.id')
    .describe('Appended to registered names (SPEC §9 name-service suffix).'),
}
