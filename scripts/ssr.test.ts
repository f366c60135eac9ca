// Server-side rendering and Node tools import Portico: every entry of every public package must
// import in plain Node (no DOM) without throwing and without reading window, document, storage or
// location. The probe runs in a child process, so nothing of the test runner's setup leaks in.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))

interface Manifest {
  name: string
  private?: boolean
  exports: Record<string, { import: { default: string } }>
}
const publicPackages = readdirSync(join(root, 'packages'))
  .filter((dir) => existsSync(join(root, 'packages', dir, 'package.json')))
  .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8')) as Manifest }))
  .filter(({ manifest }) => !manifest.private)
const entries = publicPackages.flatMap(({ manifest }) =>
  Object.keys(manifest.exports).map((subpath) => (subpath === '.' ? manifest.name : `${manifest.name}${subpath.slice(1)}`)),
)
const built = publicPackages.every(({ dir, manifest }) =>
  Object.values(manifest.exports).every((target) => existsSync(join(root, 'packages', dir, target.import.default))),
)

function probe(nodeArgs: string[]) {
  const result = spawnSync(process.execPath, [...nodeArgs, 'scripts/ssr-probe.mjs', ...entries], { cwd: root, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`the probe exited with ${result.status}: ${result.stderr}`)
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { specifier: string; error?: string; reads: unknown[] })
}

const clean = entries.map((specifier) => ({ specifier, reads: [] }))

test('default: the public packages and their entries', () => {
  expect(entries.length).toBeGreaterThanOrEqual(10)
})

test('behavior: every public entry imports in Node without a DOM, from sources', () => {
  expect(probe(['--conditions=@portico/source', '--import', 'tsx'])).toEqual(clean)
})

// dist/ exists after `npm run build` (npm test builds it in its 'packages' step before this suite).
test.skipIf(!built)('behavior: every public entry imports in Node without a DOM, built', () => {
  expect(probe([])).toEqual(clean)
})
