/**
 * Node helpers for e2e setups: where the injectable bundle lives, and building it.
 * `import { buildInjectedBundle } from '@portico/test-wallets/node'` then
 * `page.addInitScript({ path: await buildInjectedBundle() })`.
 */
import { build } from 'esbuild'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** dist/injected.js (git-ignored; produced by `npm run build -w @portico/test-wallets`). */
export const INJECTED_BUNDLE_PATH = join(root, 'dist', 'injected.js')

/** Bundles src/injected/entry.ts into a minified IIFE; resolves to its path. ~100 ms. */
export async function buildInjectedBundle(outfile = INJECTED_BUNDLE_PATH): Promise<string> {
  await build({
    entryPoints: [join(root, 'src', 'injected', 'entry.ts')],
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    // Workspace packages from their TypeScript sources (see tsconfig.base.json); 'module' is esbuild's default, kept.
    conditions: ['@portico/source', 'module'],
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    banner: { js: '/* Portico Test Wallet: development only, do not use with real funds. */' },
    logLevel: 'warning',
  })
  return outfile
}
