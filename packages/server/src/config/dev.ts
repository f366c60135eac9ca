import { BITCOIN_DEVNET } from '../bitcoin/devnet.js'
import { SOLANA_DEVNET, SOLANA_DEVNET_ASSETS } from '../chain/solanaDevnet.js'
import type { SwapProviderConfig } from '../swap/provider.js'
import { DEV_PROJECT } from './projects.js'
import type { ServerConfig } from './schema.js'

const DEVNET_UNISWAP: SwapProviderConfig = {
  kind: 'uniswap-v2',
  router: '0x9A676e781A523b5d0C0e43731313A708CB607508',
  factory: '0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82',
  weth: '0xA51c1fc2f0D1a1b8494Ed1FE312d7C3a78Ed91C0',
  tokens: [
    { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
    { address: '0x0B306BF915C4d645ff596e518fAf3F9669b97016', name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18 },
  ],
}

const DEVNET_EVM = ['eip155:31337', 'eip155:31338']

const DEVNET_SMART_ACCOUNTS = {
  entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  safe: {
    singleton: '0x639245e8476E03e789a244f279b5843b9633b2E7',
    proxyFactory: '0xd9d2Ba03a7754250FDD71333F444636471CACBC4',
    moduleSetup: '0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47',
    module4337: '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226',
    multiSend: '0x7B21BBDBdE8D01Df591fdc2dc0bE9956Dde1e16C',
    multiSendCallOnly: '0x32228dDEA8b9A2bd7f2d71A958fF241D79ca5eEC',
  },
  paymaster: '0x2fdD404ca84C99377Db1a58907Febc01f1c1D2cC',
} as const

/**
 * The development configuration: the devnet's chains, tokens, pools and sandbox onramp, the demo
 * project and fixed prices. startServer fills these in under what it is given (tests, `npm start`);
 * the portico-server command applies them only with --dev (loadConfig).
 */
export const DEFAULT_CONFIG: ServerConfig = {
  host: '127.0.0.1',
  port: 8787,
  dataDir: undefined,
  databaseUrl: undefined,
  redisUrl: undefined,
  rpcUrls: {
    'eip155:31337': 'http://127.0.0.1:8545',
    'eip155:31338': 'http://127.0.0.1:8546',
    [SOLANA_DEVNET.caip2]: SOLANA_DEVNET.rpcUrl,
    // bip122: the Esplora API's base URL.
    [BITCOIN_DEVNET.caip2]: BITCOIN_DEVNET.esploraUrl,
  },
  projects: [DEV_PROJECT],
  publicUrl: 'http://127.0.0.1:8787',
  rateLimits: { perIpPerMinute: 1200, perProjectPerMinute: 12000 },
  trustProxy: [],
  shutdownDeadlineMs: 10_000,
  logLevel: 'info',
  metrics: { allow: ['127.0.0.1', '::1'] },
  nameSuffix: '.portico.id',
  prices: { ETH: 3000, USDC: 1, POL: 0.5, SOL: 150, BTC: 100_000 },
  // ETH from the devnet's Chainlink-style ETH/USD feed (DEVNET_PRICE_FEEDS of @portico/devnet, chainlink.test.ts
  // checks the address), the same code path as a real feed; a day's age allowed since the devnet's round is set once.
  priceFeeds: Object.fromEntries(
    DEVNET_EVM.map((id) => [id, { native: { address: '0x0116686E2291dbd5e317F47faDBFb43B599786Ef' as const, maxAgeSeconds: 86_400 } }]),
  ),
  // Dev account 0 of the public anvil test mnemonic (a PUBLIC devnet key, never for real funds):
  // it owns the devnet USDC contract, so it can mint sandbox purchases.
  sandboxOnramp: {
    ...Object.fromEntries(
      DEVNET_EVM.map((id) => [
        id,
        { usdc: '0x5FbDB2315678afecb367f032d93F642f64180aa3', minterPrivateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
      ]),
    ),
    [SOLANA_DEVNET.caip2]: { usdc: SOLANA_DEVNET.usdc, minterPrivateKey: SOLANA_DEVNET.minterSecretKey },
    // bip122: BTC paid from the devnet's faucet key (no token: 'native').
    [BITCOIN_DEVNET.caip2]: { usdc: 'native', minterPrivateKey: BITCOIN_DEVNET.faucetKey },
  },
  chainAssets: {
    ...Object.fromEntries(
      DEVNET_EVM.map((id) => [
        id,
        {
          native: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          // The devnet's USDC: the same address on both chains (first contract of dev account 0).
          tokens: [{ address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', name: 'USD Coin', symbol: 'USDC', decimals: 6 }],
        },
      ]),
    ),
    [SOLANA_DEVNET.caip2]: SOLANA_DEVNET_ASSETS,
  },
  indexer: { enabled: true, pollMs: 1000, batchBlocks: 20, backfillBlocks: 1000 },
  // The devnet's Uniswap V2 (DEVNET_SWAP of @portico/devnet: the same addresses on both chains; swap/devnet.test.ts checks them).
  swap: Object.fromEntries(DEVNET_EVM.map((id) => [id, DEVNET_UNISWAP])),
  // The devnet's ERC-4337 parts (DEVNET_AA of @portico/devnet, startDevnet({ smartAccounts }); smartAccounts/devnet.test.ts
  // checks them): a bundler per chain on 4337/4338 and the paymaster's PUBLIC devnet signer key (anvil account 9).
  smartAccounts: {
    chains: Object.fromEntries(DEVNET_EVM.map((id, i) => [id, { ...DEVNET_SMART_ACCOUNTS, bundlerUrl: `http://127.0.0.1:${4337 + i}` }])),
    paymaster: {
      signerKey: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
      maxCostWei: '50000000000000000',
      // The devnet's budgets: 0.05 ETH a day per user (some 30 sponsored sends at devnet fees), 5 ETH per project.
      perUserPerDayWei: '50000000000000000',
      perProjectPerDayWei: '5000000000000000000',
      perProjectPerMinute: 120,
      perIpPerMinute: 120,
      perUserPerMinute: 30,
      validForSeconds: 600,
      feeMultiple: 3,
      preVerificationGasMargin: 0.3,
      maxCallGasLimit: 5_000_000,
      maxVerificationGasLimit: 1_500_000,
    },
  },
}

/**
 * What `portico-server --dev` starts with, under the config file, environment and flags: the
 * devnet defaults plus the /dev routes, the embedded wallet on localhost with the mail
 * catcher (inbox /dev/mail) and the local OpenID provider, each on a free port; auth secrets are
 * generated beside the data directory, the SIWX key per process.
 */
const { publicUrl: _publicUrl, ...devDefaults } = DEFAULT_CONFIG
export const DEV_CLI_DEFAULTS: Partial<ServerConfig> = {
  ...devDefaults,
  dataDir: '.data/server',
  devRoutes: true,
  // Free ports, so a second dev server never collides (npm start pins 8788, 2525 and 8790 in scripts/dev.ts).
  secureFrame: { port: 0, publicHost: 'localhost' },
  devMailCatcher: { port: 0 },
  devIdentityProvider: { port: 0 },
}
