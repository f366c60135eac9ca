/**
 * Builds the web page version of the WalletConnect test wallet into dist/wc-wallet/
 * (index.html, wallet.js, wallet.css): a static folder any local server can serve.
 */
import { build } from 'esbuild'
import { copyFileSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
export const WC_WALLET_PAGE_DIR = join(here, '..', '..', 'dist', 'wc-wallet')

export async function buildWalletConnectPage(outdir = WC_WALLET_PAGE_DIR): Promise<string> {
  mkdirSync(outdir, { recursive: true })
  await build({
    entryPoints: [join(here, 'page', 'main.ts')],
    outfile: join(outdir, 'wallet.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    // Workspace packages from their TypeScript sources (see tsconfig.base.json); 'module' is esbuild's default, kept.
    conditions: ['@portico/source', 'module'],
    target: 'es2022',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    define: { global: 'globalThis', 'process.env.NODE_ENV': '"production"' },
    banner: { js: '/* Portico WalletConnect Test Wallet: development only, do not use with real funds. */' },
    logLevel: 'warning',
  })
  for (const file of ['index.html', 'wallet.css']) copyFileSync(join(here, 'page', file), join(outdir, file))
  return outdir
}
