import { build, type BuildOptions, type Plugin } from 'esbuild'
import { copyFileSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const SECURE_FRAME_DIST = fileURLToPath(new URL('../dist', import.meta.url))
const src = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/** Bundles the frame app and the OAuth callback script into dist/ (served by the server's secure origin). */
export async function buildSecureFrame({ outDir = SECURE_FRAME_DIST, minify = true }: { outDir?: string; minify?: boolean } = {}) {
  mkdirSync(outDir, { recursive: true })
  const common = {
    outdir: outDir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    // Workspace packages from their TypeScript sources (see tsconfig.base.json); 'module' is esbuild's default, kept.
    conditions: ['@portico/source', 'module'],
    target: 'es2022',
    minify,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [noOxRoot, noModalCatalogues],
  } satisfies BuildOptions
  // The frame is split: each locale's catalogue (frame/i18n/load.ts) is a chunk of its own beside frame.js
  // (flat in dist/, served by /assets/:file), fetched only when the host asks for that locale.
  await build({ ...common, entryPoints: { frame: src('./frame/main.ts') }, splitting: true })
  await build({ ...common, entryPoints: { callback: src('./callback.ts') } })
  copyFileSync(src('./frame.css'), `${outDir}/frame.css`)
  return outDir
}

/**
 * permissionless loads the whole of `ox` (import('ox') at module load, for WebAuthn owners only) — hundreds of
 * KB the frame never runs: its owner is the embedded key. That one import resolves to an empty module here.
 */
const noOxRoot: Plugin = {
  name: 'portico-no-ox-root',
  setup(b) {
    b.onResolve({ filter: /^ox$/ }, (args) => (args.importer.includes('permissionless') ? { path: 'ox', namespace: 'portico-empty' } : undefined))
    b.onLoad({ filter: /.*/, namespace: 'portico-empty' }, () => ({ contents: 'export {}', loader: 'js' }))
  },
}

/**
 * The frame imports Locales from @portico/core/i18n, whose loadMessages names the MODAL's catalogues by
 * dynamic import: split, esbuild would write each as a chunk the frame never fetches (it has its own,
 * frame/i18n). They stay external, and loadMessages is dropped as unused.
 */
const noModalCatalogues: Plugin = {
  name: 'portico-no-modal-catalogues',
  setup(b) {
    b.onResolve({ filter: /^\.\/messages\/[\w-]+\.js$/ }, (args) =>
      /core[\\/]src[\\/]i18n[\\/]loadMessages\.ts$/.test(args.importer) ? { path: args.path, external: true } : undefined,
    )
  },
}
