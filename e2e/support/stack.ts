import { startDevnet, type Devnet } from '@portico/devnet'
import { startSolanaDevnet, type SolanaDevnet } from '@portico/devnet/solana'
import { startBitcoinDevnet, type BitcoinDevnet } from '@portico/devnet/bitcoin'
import { startTestServer } from '@portico/server/testing'
import { DEFAULT_CONFIG, type PorticoServer } from '@portico/server'
import { fileURLToPath } from 'node:url'
import { build, preview } from 'vite'
import { buildSecureFrame } from '@portico/secure-frame/build'
import { createServer } from 'node:net'
import { EOA_DEV_PROJECT } from './projects.js'

const demoRoot = fileURLToPath(new URL('../../apps/demo', import.meta.url))

/** The one project with smart accounts (ERC-4337, sponsored gas) on the first chain: e2e/smart-account.e2e.ts. */
export const SMART_PROJECT_ID = 'portico-smart'
const SMART_CHAIN = 'eip155:31337'

/**
 * The dev project (its embedded wallet's accounts are EOAs here: no smart-account networks), the
 * smart-account one, one whose allowed origins exclude the demo (APKT002) and one with analytics
 * switched off. The demo picks one with ?projectId=.
 */
export const JOURNEY_PROJECTS = [
  EOA_DEV_PROJECT,
  { ...EOA_DEV_PROJECT, projectId: SMART_PROJECT_ID, name: 'Smart accounts', smartAccountNetworks: [SMART_CHAIN], sponsoredNetworks: [SMART_CHAIN] },
  { projectId: 'portico-locked', name: 'Locked', allowedOrigins: ['https://shop.example'], features: {}, analytics: true },
  { projectId: 'portico-quiet', name: 'No analytics', allowedOrigins: ['http://127.0.0.1:*'], features: {}, analytics: false },
]

export interface Stack {
  devnet: Devnet
  /** The local Solana chain (litesvm) on free ports; its CAIP-2 id is SOLANA_DEVNET_CAIP2. */
  solana: SolanaDevnet
  /** The local Bitcoin regtest chain on a free port (Esplora API at the root); its CAIP-2 id is BITCOIN_DEVNET_CAIP2. */
  bitcoin: BitcoinDevnet
  server: PorticoServer
  demoUrl: string
  /** The embedded wallet's secure frame origin; the dev mail inbox is at server.url + /dev/mail.json?to=… */
  secureFrameUrl: string
  /** Where the server expects the first chain's bundler (started by the smart-account journey). */
  bundlerPort: number
  stop(): Promise<void>
}

/**
 * The real parts a journey runs against: a devnet on free ports (so `npm start` may run beside
 * it), the Portico server on a free port with an in-memory database, and the demo site built
 * for both, served by vite preview.
 */
export async function startStack({ outDir }: { outDir: string }): Promise<Stack> {
  // A Bitcoin block every second: journeys follow a send to one confirmation as on a real chain, only faster.
  const [devnet, solana, bitcoin] = await Promise.all([
    startDevnet({ randomPorts: true }),
    startSolanaDevnet({ randomPorts: true }),
    startBitcoinDevnet({ randomPorts: true, blockIntervalMs: 1000 }),
  ])
  // ERC-4337 on the first chain, for the smart-account project only: the server is told the bundler's
  // port now; smart-account.e2e.ts deploys the contracts and starts alto there itself (startSmartAccountChain),
  // so no other journey waits for them (alto alone takes ~5 s to start).
  const bundlerPort = await freePort()
  await buildSecureFrame()
  const dev = DEFAULT_CONFIG.smartAccounts!
  const server = await startTestServer({
    rpcUrls: {
      ...Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
      [solana.caip2]: solana.rpcUrl,
      [bitcoin.caip2]: bitcoin.url,
    },
    // NFT metadata from the devnet's fixtures server on 127.0.0.1: the one loopback origin the server may fetch.
    outboundAllowOrigins: [devnet.fixturesUrl],
    projects: JOURNEY_PROJECTS,
    devRoutes: true,
    // The embedded wallet: secure origin, mail catcher and local OpenID provider on free ports. The
    // secure origin on http://localhost:<port>, the demo on http://127.0.0.1:<port>: another site, as
    // in every production deployment (the frame is a third-party frame; issue 28).
    secureFrame: { port: 0, publicHost: 'localhost' },
    devMailCatcher: { port: 0 },
    devIdentityProvider: { port: 0 },
    rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000, rpcPerIpPerMinute: 100_000 },
    // Swaps on the first chain only: the second is the journeys' network without pools.
    swap: { 'eip155:31337': DEFAULT_CONFIG.swap!['eip155:31337']! },
    smartAccounts: { chains: { [SMART_CHAIN]: { ...dev.chains[SMART_CHAIN]!, bundlerUrl: `http://127.0.0.1:${bundlerPort}` } }, paymaster: dev.paymaster },
  })
  for (const chain of devnet.chains) process.env[`VITE_DEVNET_RPC_${chain.chainId}`] = chain.rpcUrl
  process.env.VITE_SOLANA_RPC_URL = solana.rpcUrl
  process.env.VITE_SOLANA_WS_URL = solana.wsUrl
  process.env.VITE_BITCOIN_URL = bitcoin.url
  process.env.VITE_PORTICO_API_URL = server.url
  process.env.VITE_PORTICO_SECURE_FRAME_URL = server.embedded!.secureFrameUrl
  await build({ root: demoRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
  const site = await preview({
    root: demoRoot,
    logLevel: 'warn',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
  })
  const address = site.httpServer.address() as { port: number }
  return {
    devnet,
    solana,
    bitcoin,
    server,
    demoUrl: `http://127.0.0.1:${address.port}/`,
    secureFrameUrl: server.embedded!.secureFrameUrl,
    bundlerPort,
    async stop() {
      await new Promise<void>((resolve) => site.httpServer.close(() => resolve()))
      await server.close()
      await Promise.all([devnet.stop(), solana.stop(), bitcoin.stop()])
    },
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}
