import { startDevnet } from '@portico/devnet'
import { build, preview } from 'vite'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

const demoRoot = fileURLToPath(new URL('../../apps/demo', import.meta.url))
const outDir = fileURLToPath(new URL('../.demo-dist', import.meta.url))

declare module 'vitest' {
  export interface ProvidedContext {
    demoUrl: string
    chains: { chainId: number; name: string; rpcUrl: string }[]
  }
}

/**
 * Starts what the journeys run against: a real devnet on free ports (so `npm start` may run
 * beside the tests) and the demo site built for that devnet, served by vite preview.
 */
export default async function setup(project: TestProject) {
  const devnet = await startDevnet({ randomPorts: true })
  const env = Object.fromEntries(devnet.chains.map((c) => [`VITE_DEVNET_RPC_${c.chainId}`, c.rpcUrl]))
  Object.assign(process.env, env)
  await build({ root: demoRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
  const server = await preview({ root: demoRoot, logLevel: 'warn', build: { outDir }, preview: { port: 0, host: '127.0.0.1', strictPort: false } })
  const demoUrl = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${(server.httpServer.address() as { port: number }).port}/`
  project.provide('demoUrl', demoUrl)
  project.provide('chains', devnet.chains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })))
  return async () => {
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
    await devnet.stop()
  }
}
