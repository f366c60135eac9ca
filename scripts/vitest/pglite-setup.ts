// Vitest setupFile (vitest.config.ts): an in-memory PGlite (`new PGlite()`, no data directory)
// starts from the fresh data directory that pglite-template.ts made once, instead of running
// initdb again in every test file. The database is the same empty cluster initdb makes; the server
// still migrates it. A PGlite with a data directory (on disk) or other options is left as it is.
import { readFileSync } from 'node:fs'
import { inject, vi } from 'vitest'

vi.mock('@electric-sql/pglite', async (importOriginal) => {
  const real = await importOriginal<typeof import('@electric-sql/pglite')>()
  let template: Blob | undefined
  class PGlite extends real.PGlite {
    constructor(...args: ConstructorParameters<typeof real.PGlite>) {
      if (args.length > 0) super(...args)
      else {
        template ??= new Blob([readFileSync(inject('pgliteTemplate'))])
        super({ loadDataDir: template })
      }
    }
  }
  return { ...real, PGlite }
})
