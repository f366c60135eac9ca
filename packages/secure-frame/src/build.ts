import { build } from 'esbuild'
import { copyFileSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const SECURE_FRAME_DIST = fileURLToPath(new URL('../dist', import.meta.url))
const src = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/** Bundles the frame app and the OAuth callback script into dist/ (served by the server's secure origin). */
export async function buildSecureFrame({ outDir = SECURE_FRAME_DIST, minify = true }: { outDir?: string; minify?: boolean } = {}) {
  mkdirSync(outDir, { recursive: true })
  await build({
    entryPoints: { frame: src('./frame/main.ts'), callback: src('./callback.ts') },
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
  })
  copyFileSync(src('./frame.css'), `${outDir}/frame.css`)
  return outDir
}
