/**
 * Coinbase Smart Wallet stand-in (Node side): serves the popup page (./popup.ts) on an origin of
 * its own on 127.0.0.1, for a host configured with `coinbaseWallet({ keysUrl })`. The real
 * integration point is Coinbase's keys popup, REAL_KEYS_URL, which the SDK opens by default; it is
 * not reachable offline. The popup signs with the given key on the given chains (the devnet).
 */
import { build } from 'esbuild'
import { createServer } from 'node:http'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readFile } from 'node:fs/promises'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

export const COINBASE_SMART_WALLET_STAND_IN = 'Coinbase Smart Wallet stand-in'
/** Where the real Coinbase Smart Wallet popup lives (the SDK's default keys URL). */
export const REAL_KEYS_URL = 'https://keys.coinbase.com/connect'

const here = dirname(fileURLToPath(import.meta.url))
const POPUP_BUNDLE = join(here, '..', '..', 'dist', 'cbsw', 'popup.js')
let bundled: Promise<string> | undefined

/** Bundles the popup (viem inside) once per process: ~0.5 s. */
export function buildSmartWalletPopup(outfile = POPUP_BUNDLE): Promise<string> {
  bundled ??= build({
    entryPoints: [join(here, 'popup.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['@portico/source', 'module'],
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    banner: { js: `/* ${COINBASE_SMART_WALLET_STAND_IN}: development only, do not use with real funds. */` },
    logLevel: 'warning',
  }).then(() => outfile)
  return bundled
}

export interface SmartWalletStandInOptions {
  /** The key the popup signs with (an EOA standing for the Smart Wallet's account). */
  privateKey: Hex
  chains: { chainId: number; name: string; rpcUrl: string }[]
}

export interface SmartWalletStandIn {
  /** What a host passes as coinbaseWallet({ keysUrl }) instead of REAL_KEYS_URL. */
  keysUrl: string
  origin: string
  address: Hex
  close(): Promise<void>
}

function page(config: SmartWalletStandInOptions) {
  // '<' escaped: the JSON cannot end its script element.
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${COINBASE_SMART_WALLET_STAND_IN}</title>
<style>body{font:15px system-ui,sans-serif;margin:24px;color:#0a0b0d}h1{font-size:16px;color:#0052ff}#detail{word-break:break-all}
button{font:inherit;padding:10px 18px;margin-right:8px;border-radius:8px;border:1px solid #0052ff;cursor:pointer}#approve{background:#0052ff;color:#fff}</style>
</head><body><h1>${COINBASE_SMART_WALLET_STAND_IN}</h1><p>Stands for ${REAL_KEYS_URL} in tests; development keys only.</p>
<h2 id="title">Loading…</h2><p id="detail"></p><div id="buttons" hidden><button id="approve" data-testid="cbsw-approve">Approve</button><button id="reject" data-testid="cbsw-reject">Reject</button></div>
<script type="application/json" id="config">${json}</script><script type="module" src="/popup.js"></script></body></html>`
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startSmartWalletStandIn(options: SmartWalletStandInOptions): Promise<SmartWalletStandIn> {
  const script = await readFile(await buildSmartWalletPopup())
  const html = page(options)
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (path === '/connect') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
    if (path === '/popup.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return {
    keysUrl: `${origin}/connect`,
    origin,
    address: privateKeyToAccount(options.privateKey).address,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
