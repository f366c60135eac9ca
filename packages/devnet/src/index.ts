/**
 * @portico/devnet: two local anvil chains with deterministic fixtures
 * (USDC + NFT contracts, funded dev accounts) and a fixtures HTTP server.
 * Node only; browser code should import '@portico/devnet/constants'.
 */
import { createServer } from 'node:net'
import { createPublicClient, http } from 'viem'
import { deployAccountAbstraction } from './aa'
import { startAnvil, type AnvilInstance } from './anvil'
import { startBundler, type BundlerInstance } from './bundler'
export type { BundlerInstance } from './bundler'
import {
  DEV_ACCOUNTS,
  DEVNET_AA,
  DEVNET_BUNDLER_PORTS,
  DEVNET_CHAINS,
  DEVNET_HOST,
  DEVNET_NATIVE_CURRENCY,
  DEVNET_PORTS,
  type Address,
  type Hex,
} from './constants'
import { deployFixtures, nftAbi, usdcAbi } from './deploy'
import { deployPriceFeeds } from './priceFeed'
import { deploySwapPools, type DeployedSwap } from './swap'
import { startFixturesServer, type FixturesServer } from './fixtures'

export * from './constants'
export { resolveAnvilBinary } from './anvil'
export { computeAaAddresses, entryPointAbi, PAYMASTER_DEPOSIT, verifyingPaymasterAbi } from './aa'
export { usdcAbi, nftAbi }
export { priceFeedAbi } from './priceFeed'
export { uniswapV2FactoryAbi, uniswapV2PairAbi, uniswapV2RouterAbi, wethAbi, type DeployedSwap } from './swap'

export interface DevnetChainOptions {
  chainId?: number
  name?: string
  /** RPC port; ignored when `randomPorts` is set. */
  port?: number
}

export interface StartDevnetOptions {
  /** Interface to bind anvil and the fixtures server to. Default 127.0.0.1. */
  host?: string
  /** Overrides per chain (index 0 = first chain). Default: 31337 on 8545, 31338 on 8546. */
  chains?: DevnetChainOptions[]
  /** Fixtures server port. Default 8547. */
  fixturesPort?: number
  /** Pick free ports for everything (tests running in parallel). */
  randomPorts?: boolean
  /** Skip deploying/minting the fixture contracts. Default false. */
  skipFixtures?: boolean
  /** Path to the anvil binary (default: resolved from @foundry-rs/anvil). */
  anvilBinary?: string
  /** Extra anvil CLI arguments, e.g. ['--block-time', '2']. */
  anvilArgs?: string[]
  /** Show anvil's logs instead of --silent. */
  verbose?: boolean
  /**
   * ERC-4337: deploy DEVNET_AA (EntryPoint v0.7, Safe + Safe4337Module, a funded VerifyingPaymaster) on every
   * chain and start a bundler (alto) per chain, on DEVNET_BUNDLER_PORTS or free ports with randomPorts.
   * Off by default: alto takes a few seconds to start and suites that do not need it should not wait.
   */
  smartAccounts?: boolean
}

export interface DevnetChain {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  usdc: Address
  nft: Address
  /** Chainlink-style feeds (AggregatorV3Interface, priceFeed.ts): ETH/USD; undefined with skipFixtures. */
  priceFeeds?: { ethUsd: Address }
  /** Uniswap V2 (factory, router, WETH, DAI, pools); undefined with skipFixtures. */
  swap?: DeployedSwap
  /** The chain's ERC-4337 bundler (alto); only with the smartAccounts option. */
  bundlerUrl?: string
}

export interface Devnet {
  chains: DevnetChain[]
  accounts: { address: Address; privateKey: Hex }[]
  fixturesUrl: string
  /** Kills the anvil processes and closes the fixtures server. Idempotent. */
  stop(): Promise<void>
}

export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const host = options.host ?? DEVNET_HOST
  const defaultPorts = [DEVNET_PORTS.chain1, DEVNET_PORTS.chain2]
  const chainCount = Math.max(options.chains?.length ?? 0, DEVNET_CHAINS.length)
  const specs = await Promise.all(
    Array.from({ length: chainCount }, async (_, i) => {
      const o = options.chains?.[i] ?? {}
      const chainId = o.chainId ?? DEVNET_CHAINS[i]?.chainId ?? 31337 + i
      return {
        chainId,
        name: o.name ?? DEVNET_CHAINS[i]?.name ?? `Portico Devnet ${i + 1}`,
        port: options.randomPorts ? await freePort(host) : (o.port ?? defaultPorts[i] ?? 8545 + i * 10),
      }
    }),
  )

  const anvils: AnvilInstance[] = []
  const bundlers: BundlerInstance[] = []
  let fixtures: FixturesServer | undefined
  let stopped: Promise<void> | undefined
  const stop = () =>
    (stopped ??= Promise.all(bundlers.map((b) => b.stop()))
      .then(() => Promise.all([...anvils.map((a) => a.stop()), fixtures?.close()]))
      .then(() => undefined))

  try {
    // Fixtures first: the NFT's baseURI must contain the server's real port.
    fixtures = await startFixturesServer({
      host,
      port: options.randomPorts ? 0 : (options.fixturesPort ?? DEVNET_PORTS.fixtures),
      chainIds: specs.map((s) => s.chainId),
    })
    const fixturesUrl = fixtures.url

    const started = await Promise.allSettled(
      specs.map(async (s) => {
        const start = (port: number) =>
          startAnvil({ host, port, chainId: s.chainId, binary: options.anvilBinary, verbose: options.verbose, extraArgs: options.anvilArgs })
        // A free port may be taken by another process before anvil binds it (tests starting chains in parallel):
        // with randomPorts, ask for another one, twice at most.
        for (let attempt = 0; ; attempt++) {
          try {
            return await start(s.port)
          } catch (error) {
            if (!options.randomPorts || attempt >= 2 || !/port already in use/.test(String(error))) throw error
            s.port = await freePort(host)
          }
        }
      }),
    )
    for (const r of started) if (r.status === 'fulfilled') anvils.push(r.value)
    const failure = started.find((r) => r.status === 'rejected')
    if (failure) throw (failure as PromiseRejectedResult).reason

    const chains = await Promise.all(
      specs.map(async (s, i): Promise<DevnetChain> => {
        const rpcUrl = anvils[i].rpcUrl
        // Deployed from its own account (aa.ts), so it runs beside the fixtures without moving their addresses.
        const smart = options.smartAccounts ? startSmartAccounts(rpcUrl, s.chainId, i) : undefined
        smart?.catch(() => {}) // awaited below; only keeps a failure during the fixtures from going unhandled
        const base = { chainId: s.chainId, name: s.name, rpcUrl, nativeCurrency: { ...DEVNET_NATIVE_CURRENCY } }
        const deployed = options.skipFixtures ? { usdc: '0x' as Address, nft: '0x' as Address } : await deployAll(rpcUrl, s.chainId)
        return { ...base, ...deployed, ...(smart ? { bundlerUrl: await smart } : {}) }
      }),
    )

    return { chains, accounts: DEV_ACCOUNTS.map((a) => ({ ...a })), fixturesUrl, stop }
  } catch (err) {
    await stop()
    throw err
  }

  async function deployAll(rpcUrl: string, chainId: number) {
    // The price feed from its own account (priceFeed.ts), beside the fixtures.
    const [contracts, priceFeeds] = await Promise.all([
      deployFixtures({ rpcUrl, chainId, nftBaseURI: `${fixtures?.url}/nft/${chainId}/` }),
      deployPriceFeeds({ rpcUrl, chainId }),
    ])
    return { ...contracts, priceFeeds, swap: await deploySwapPools({ rpcUrl, chainId, usdc: contracts.usdc }) }
  }

  async function startSmartAccounts(rpcUrl: string, chainId: number, i: number): Promise<string> {
    const port = options.randomPorts ? undefined : (DEVNET_BUNDLER_PORTS[i] ?? DEVNET_BUNDLER_PORTS[0] + i)
    const bundler = await startSmartAccountChain({ host, port, rpcUrl, chainId, verbose: options.verbose })
    bundlers.push(bundler)
    return bundler.url
  }
}

/**
 * ERC-4337 on one running chain: deploys DEVNET_AA and starts its bundler (alto) on `port`, else a
 * free one. What startDevnet({ smartAccounts }) does per chain, for a caller that wants it on one
 * chain only or beside other work (the journeys' stack). Stop the bundler; the chain keeps the contracts.
 */
export async function startSmartAccountChain(opts: {
  rpcUrl: string
  chainId: number
  host?: string
  port?: number
  verbose?: boolean
}): Promise<BundlerInstance> {
  const host = opts.host ?? DEVNET_HOST
  // Deployed once per chain: a restarted bundler (an outage test) finds the contracts there.
  const code = await createPublicClient({ transport: http(opts.rpcUrl) }).getCode({ address: DEVNET_AA.entryPoint })
  if (!code) await deployAccountAbstraction({ rpcUrl: opts.rpcUrl, chainId: opts.chainId })
  return startBundler({ host, port: opts.port ?? (await freePort(host)), rpcUrl: opts.rpcUrl, verbose: opts.verbose })
}

/** Asks the OS for a free port. Tiny race until anvil binds it; fine for tests. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.once('error', reject)
    srv.listen(0, host, () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}
