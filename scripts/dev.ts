// The local product in one process tree: devnet chains, the Portico server, the demo host site.
// The server also serves the embedded wallet's secure frame on its own origin (8788), with a dev
// mail catcher (SMTP 2525, inbox at /dev/mail) and a local OpenID provider (8790) standing in for google.
import { startDevnet } from '@portico/devnet'
import { SOLANA_DEVNET_CAIP2, SOLANA_DEVNET_RPC_URL } from '@portico/devnet/solana-constants'
import { BITCOIN_DEVNET_CAIP2, BITCOIN_DEVNET_URL } from '@portico/devnet/bitcoin-constants'
import { loadConfig, startServer } from '@portico/server'
import { buildSecureFrame } from '@portico/secure-frame/build'
import { createServer } from 'vite'
import { fileURLToPath } from 'node:url'

const demoRoot = fileURLToPath(new URL('../apps/demo', import.meta.url))

const devnet = await startDevnet({ smartAccounts: true }) // ERC-4337 + a bundler per chain (127.0.0.1:4337, :4338)
await buildSecureFrame()
const server = await startServer({
  // `npm start` is `portico-server --dev` (config/dev.ts): then PORTICO_* variables, a --config file and flags given to it.
  ...loadConfig(['--dev', ...process.argv.slice(2)]),
  // The embedded wallet's dev keys are generated BESIDE this directory (.data/server.auth-secrets.json),
  // never inside it: a copy of the database folder alone rebuilds no wallet (CUSTODY.md).
  dataDir: '.data/server',
  devRoutes: true,
  // The local Solana chain runs beside this process (scripts/start.mjs) on its default port.
  rpcUrls: {
    ...Object.fromEntries(devnet.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
    [SOLANA_DEVNET_CAIP2]: SOLANA_DEVNET_RPC_URL,
    [BITCOIN_DEVNET_CAIP2]: BITCOIN_DEVNET_URL,
  },
  // NFT metadata from the devnet's fixtures server on 127.0.0.1: the one loopback origin the server may fetch.
  outboundAllowOrigins: [devnet.fixturesUrl],
  // http://localhost:8788: passkeys (the embedded wallet's factors) need a domain as RP id, not an IP.
  secureFrame: { port: 8788, publicHost: 'localhost' },
  devMailCatcher: { port: 2525 },
  devIdentityProvider: { port: 8790 },
})
process.env.VITE_PORTICO_SECURE_FRAME_URL = server.embedded?.secureFrameUrl
const demo = await createServer({ root: demoRoot, logLevel: 'warn' })
await demo.listen()
// Opened as localhost (the same site as the secure frame on localhost:8788), so the frame keeps its
// storage even where third-party storage is blocked, and passkeys get a domain as RP id.
const local = demo.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/'
const url = local.replace('//127.0.0.1:', '//localhost:')
// The same demo on 127.0.0.1: another site than the secure frame, as in every production deployment
// (issue 28). Where the browser blocks third-party storage the modal says so, with Retry.
const crossSiteUrl = local.replace('//localhost:', '//127.0.0.1:')

console.log(`
Portico is running (development only).

  Devnet chains   ${devnet.chains.map((c) => `${c.name} (${c.chainId}) ${c.rpcUrl}`).join('\n                  ')}
  NFT fixtures    ${devnet.fixturesUrl}
  Portico server  ${server.url} (database: ${server.db.kind} in .data/server; API described at ${server.url}/openapi.json)
  Secure frame    ${server.embedded?.secureFrameUrl} (the embedded wallet's own origin)
  Dev mail        ${server.url}/dev/mail (login codes and device links; SMTP catcher on 127.0.0.1:${server.embedded?.mailCatcherPort})
  Dev sign-in     ${server.embedded?.devIdentityProviderUrl} (a local OpenID provider standing in for google)
  Demo site       ${url}
  Demo cross-site ${crossSiteUrl} (the host on another site than the secure frame, as in production)

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
