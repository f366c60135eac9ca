import type { TestProject } from 'vitest/node'
import { DEMO_DIST } from './cspSite.js'
import { startStack } from './stack.js'

declare module 'vitest' {
  export interface ProvidedContext {
    demoUrl: string
    apiUrl: string
    /** The embedded wallet's secure frame origin (journeys that build their own site need it). */
    secureFrameUrl: string
    chains: { chainId: number; name: string; rpcUrl: string }[]
    /** The local Solana chain's JSON-RPC and WebSocket URLs. */
    solana: { rpcUrl: string; wsUrl: string }
    /** The local Bitcoin regtest chain: Esplora API at the root of `url`, JSON-RPC at POST / (e.g. generatetoaddress). */
    bitcoin: { url: string; caip2: string }
    /** The port the server proxies the first chain's ERC-4337 bundler to (smart-account.e2e.ts starts alto there). */
    bundlerPort: number
  }
}

export default async function setup(project: TestProject) {
  const stack = await startStack({ outDir: DEMO_DIST })
  project.provide('demoUrl', stack.demoUrl)
  project.provide('apiUrl', stack.server.url)
  project.provide('secureFrameUrl', stack.secureFrameUrl)
  project.provide(
    'chains',
    stack.devnet.chains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })),
  )
  project.provide('solana', { rpcUrl: stack.solana.rpcUrl, wsUrl: stack.solana.wsUrl })
  project.provide('bitcoin', { url: stack.bitcoin.url, caip2: stack.bitcoin.caip2 })
  project.provide('bundlerPort', stack.bundlerPort)
  return () => stack.stop()
}
