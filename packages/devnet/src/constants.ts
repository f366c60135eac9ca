/**
 * Browser-safe description of the Portico devnet.
 * No imports on purpose: dapps, the test wallet bundle and e2e code import this
 * without pulling in node modules or viem.
 */

export type Address = `0x${string}`
export type Hex = `0x${string}`

export const DEVNET_HOST = '127.0.0.1'

export const DEVNET_CHAIN_ID = 31337
export const DEVNET_2_CHAIN_ID = 31338

export const DEVNET_PORTS = { chain1: 8545, chain2: 8546, fixtures: 8547 } as const

export const DEVNET_NATIVE_CURRENCY = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

export interface DevnetChainConfig {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
}

/** The two chains with their default RPC URLs (what `npm start -w @portico/devnet` serves). */
export const DEVNET_CHAINS: readonly DevnetChainConfig[] = [
  {
    chainId: DEVNET_CHAIN_ID,
    name: 'Portico Devnet',
    rpcUrl: `http://${DEVNET_HOST}:${DEVNET_PORTS.chain1}`,
    nativeCurrency: DEVNET_NATIVE_CURRENCY,
  },
  {
    chainId: DEVNET_2_CHAIN_ID,
    name: 'Portico Devnet 2',
    rpcUrl: `http://${DEVNET_HOST}:${DEVNET_PORTS.chain2}`,
    nativeCurrency: DEVNET_NATIVE_CURRENCY,
  },
]

export const DEVNET_FIXTURES_URL = `http://${DEVNET_HOST}:${DEVNET_PORTS.fixtures}`

/**
 * Contract addresses. Identical on both chains because account 0 deploys USDC
 * (nonce 0) then the NFT (nonce 1) on a fresh anvil.
 */
export const DEVNET_CONTRACTS = {
  usdc: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  nft: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
} as const satisfies Record<string, Address>

/** The swap pools' third token (deployed as PorticoToken by account 0). */
export const DEVNET_SWAP_TOKENS = {
  dai: { name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18 },
} as const

/**
 * Uniswap V2 liquidity seeded on both chains, at 1 ETH = 3,000 USDC = 3,000 DAI (no direct
 * USDC/DAI pool: that swap routes through WETH). Amounts in base units.
 */
export const DEVNET_SWAP_POOLS = {
  wethUsdc: { ethAmount: 100n * 10n ** 18n, tokenAmount: 300_000n * 10n ** 6n },
  wethDai: { ethAmount: 100n * 10n ** 18n, tokenAmount: 300_000n * 10n ** 18n },
} as const

/**
 * Uniswap V2 on both chains (account 0 deploys them right after the fixtures). The router's
 * pair-address computation uses the init code hash below, which is keccak256 of the pair
 * bytecode the factory deploys (checked in swap.test.ts).
 */
export const DEVNET_SWAP = {
  weth: '0xA51c1fc2f0D1a1b8494Ed1FE312d7C3a78Ed91C0',
  factory: '0x0DCd1Bf9A1b36cE34237eEaFef220932846BCD82',
  router: '0x9A676e781A523b5d0C0e43731313A708CB607508',
  dai: '0x0B306BF915C4d645ff596e518fAf3F9669b97016',
  pairs: { wethUsdc: '0xfb3598533f133E87350Ef2bCE55ad01465a8231f', wethDai: '0xCaC2C5A0bcA7e36A17A9CE779e1B5347a103438a' },
  pairInitCodeHash: '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f',
} as const

/**
 * ERC-4337 on both chains when startDevnet runs with `smartAccounts` (aa.ts): EntryPoint v0.7 from
 * @account-abstraction/contracts, Safe 1.4.1 + Safe4337Module 0.3.0 (the parts permissionless'
 * toSafeSmartAccount takes as explicit addresses) and a VerifyingPaymaster. CREATE2 with salt 0 through
 * anvil's deterministic deployer: the addresses depend only on the bytecode (checked in aa.test.ts); the
 * EntryPoint (with its own salt), SafeModuleSetup and Safe4337Module are at their canonical addresses.
 */
export const DEVNET_AA = {
  entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  safeSingleton: '0x639245e8476E03e789a244f279b5843b9633b2E7',
  safeProxyFactory: '0xd9d2Ba03a7754250FDD71333F444636471CACBC4',
  safeModuleSetup: '0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47',
  safe4337Module: '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226',
  multiSend: '0x7B21BBDBdE8D01Df591fdc2dc0bE9956Dde1e16C',
  multiSendCallOnly: '0x32228dDEA8b9A2bd7f2d71A958fF241D79ca5eEC',
  verifyingPaymaster: '0x2fdD404ca84C99377Db1a58907Febc01f1c1D2cC',
} as const satisfies Record<string, Address>

/**
 * Devnet-only keys of the ERC-4337 parts (anvil's mnemonic, accounts 6-9; public, never real funds): the
 * deployer of the contracts, the bundler's executor and utility accounts, and the paymaster's verifying
 * signer, which the Portico server signs sponsorships with under --dev.
 */
export const DEVNET_AA_KEYS = {
  deployer: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  bundlerExecutor: '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  bundlerUtility: '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  paymasterSigner: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
} as const satisfies Record<string, Hex>

/** The bundler (alto) of each chain under `npm start`: 127.0.0.1:4337 for the first, :4338 for the second. */
export const DEVNET_BUNDLER_PORTS = [4337, 4338] as const

/**
 * Chainlink-style price feeds (AggregatorV3Interface) on both chains: ETH/USD at 3,000 with 8 decimals,
 * like Chainlink's USD feeds, deployed by anvil's account 5 (a PUBLIC devnet key) at nonce 0 (priceFeed.ts).
 */
export const DEVNET_PRICE_FEEDS = { ethUsd: '0x0116686E2291dbd5e317F47faDBFb43B599786Ef' } as const satisfies Record<string, Address>
export const DEVNET_ETH_USD = { decimals: 8, answer: 3000n * 10n ** 8n } as const
export const DEVNET_PRICE_FEED_DEPLOYER: Hex = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba'

export const USDC_DECIMALS = 6
/** Each of the 5 dev accounts gets 10,000 USDC (in base units). */
export const USDC_MINTED_PER_ACCOUNT = 10_000n * 10n ** 6n

export const NFT_NAME = 'Portico Punks'
export const NFT_SYMBOL = 'PPUNK'
/** tokenId -> index into DEV_ACCOUNTS of its owner after startDevnet(). */
export const NFT_OWNERS: Readonly<Record<number, number>> = { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 }

/** The well-known anvil/hardhat test mnemonic. Public: never hold real funds with it. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk'

/** First 5 anvil dev accounts (each starts with 10,000 ETH). */
export const DEV_ACCOUNTS: readonly { address: Address; privateKey: Hex }[] = [
  {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  },
  {
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  },
  {
    address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  },
  {
    address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    privateKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  },
  {
    address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
    privateKey: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  },
]

/** URL of the ERC721 metadata JSON the NFT's tokenURI points at. */
export function nftMetadataUrl(fixturesUrl: string, chainId: number, tokenId: number | bigint): string {
  return `${fixturesUrl}/nft/${chainId}/${tokenId}.json`
}

/** URL of the generated SVG image of a token. */
export function nftImageUrl(fixturesUrl: string, chainId: number, tokenId: number | bigint): string {
  return `${fixturesUrl}/nft/${chainId}/${tokenId}.svg`
}

/**
 * A viem-compatible `Chain` object (structurally; no viem import here) so dapps can
 * pass devnet chains straight to createPublicClient / wagmi.
 */
export function toViemChain(chain: DevnetChainConfig) {
  return {
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    testnet: true,
  } as const
}
