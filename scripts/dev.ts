// The local product in one process tree: devnet chains, the Portico server, the demo host site.
// Later parts (secure frame, mail catcher, OpenID provider) join here.
import { startDevnet } from '@portico/devnet'
import { startServer } from '@portico/server'
import { createServer } from 'vite'
import { fileURLToPath } from 'node:url'

const demoRoot = fileURLToPath(new URL('../apps/demo', import.meta.url))

const devnet = await startDevnet()
const server = await startServer({
  dataDir: '.data/server',
  devRoutes: true,
  rpcUrls: Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
})
const demo = await createServer({ root: demoRoot, logLevel: 'warn' })
await demo.listen()
const url = demo.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/'

console.log(`
Portico is running (development only).

  Devnet chains   ${devnet.chains.map((c) => `${c.name} (${c.chainId}) ${c.rpcUrl}`).join('\n                  ')}
  NFT fixtures    ${devnet.fixturesUrl}
  Portico server  ${server.url} (database: ${server.db.kind} in .data/server; API described at ${server.url}/openapi.json)
  Demo site       ${url}

Open ${url} and press "Connect Wallet". The Portico Test Wallet (a development wallet with a
public key, devnet only) is loaded so you can connect without an extension. Ctrl-C stops everything.
`)

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  await demo.close()
  await server.close()
  await devnet.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
