import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { App } from '../http/app.js'

/**
 * SPEC §7 'Fonts are preloaded from a fonts host': the server is that host for the modal's brand
 * font, Inter (the theme's default font family; SIL Open Font License, from the
 * @fontsource-variable/inter package), as variable-weight WOFF2 files at /fonts/<file>. An open
 * path: public files, no project, `*` CORS (a FontFace fetch is a CORS request), cached for a week.
 */
const require = createRequire(import.meta.url)
const FONT_DIR = join(dirname(require.resolve('@fontsource-variable/inter/package.json')), 'files')

/** Only these names are served: the package's variable-weight files, read once at start. */
const FILE_PATTERN = /^inter-[a-z]+(?:-ext)?-wght-(?:normal|italic)\.woff2$/
const FILES: ReadonlyMap<string, Buffer> = new Map(
  readdirSync(FONT_DIR)
    .filter((name) => FILE_PATTERN.test(name))
    .map((name) => [name, readFileSync(join(FONT_DIR, name))] as const),
)

export function register(app: App) {
  app.get('/fonts/:file', (c) => {
    const body = FILES.get(c.req.param('file'))
    if (!body) return c.json({ error: 'Not Found' }, 404)
    return c.body(new Uint8Array(body), 200, {
      'content-type': 'font/woff2',
      'cache-control': 'public, max-age=604800',
      'x-content-type-options': 'nosniff',
    })
  })
}
