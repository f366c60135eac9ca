// Vitest globalSetup (vitest.config.ts): one fresh PGlite data directory, made once and kept in
// node_modules/.cache, for pglite-setup.ts to start every in-memory test database from.
// A fresh `new PGlite()` runs initdb (~2–3 s of CPU here); loading the same files from a tarball
// takes ~1 s. Only initdb is skipped: each test database still runs the server's migrations itself.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a tarball of a fresh (initdb'd, empty) PGlite data directory. */
    pgliteTemplate: string
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url))

export async function pgliteTemplate(): Promise<string> {
  // Keyed by PGlite's version: another version may lay out its data directory differently.
  const entry = createRequire(join(root, 'packages/server/package.json')).resolve('@electric-sql/pglite')
  const { version } = JSON.parse(readFileSync(join(entry.slice(0, entry.lastIndexOf('/dist/')), 'package.json'), 'utf8')) as { version: string }
  const path = join(root, 'node_modules/.cache/portico', `pglite-${version}-initdb.tar`)
  if (existsSync(path)) return path
  const db = new PGlite()
  await db.waitReady
  const dump = await db.dumpDataDir('none')
  await db.close()
  mkdirSync(dirname(path), { recursive: true })
  // Written aside, then renamed: a run started at the same time never reads half a file.
  const part = `${path}.${process.pid}.part`
  writeFileSync(part, Buffer.from(await dump.arrayBuffer()))
  renameSync(part, path)
  return path
}

export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', await pgliteTemplate())
}
