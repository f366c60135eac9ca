import { startDevnet, type Devnet } from '@portico/devnet'
import { fileURLToPath } from 'node:url'
import { build, preview } from 'vite'

const demoRoot = fileURLToPath(new URL('../../apps/demo', import.meta.url))

export interface Stack {
  devnet: Devnet
  demoUrl: string
  stop(): Promise<void>
}

/**
 * The real parts a journey runs against: a devnet on free ports (so `npm start` may run beside
 * it) and the demo site built for that devnet, served by vite preview.
 */
export async function startStack({ outDir }: { outDir: string }): Promise<Stack> {
  const devnet = await startDevnet({ randomPorts: true })
  for (const chain of devnet.chains) process.env[`VITE_DEVNET_RPC_${chain.chainId}`] = chain.rpcUrl
  await build({ root: demoRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
  const server = await preview({
    root: demoRoot,
    logLevel: 'warn',
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
  })
  const address = server.httpServer.address() as { port: number }
  return {
    devnet,
    demoUrl: `http://127.0.0.1:${address.port}/`,
    async stop() {
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
      await devnet.stop()
    },
  }
}
