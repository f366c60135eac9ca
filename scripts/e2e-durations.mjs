// Refreshes e2e/support/durations.json (seconds per journey file; e2e/support/sequencer.ts shards by it)
// from the shard logs npm test leaves in test-results/ (e2e-1-2.log, e2e-2-2.log, …): the default
// reporter's "✓ file.e2e.ts (N tests) 1234ms" line, hooks included. Journeys missing from the logs
// keep their old figure; files that no longer exist are dropped.
//   node scripts/e2e-durations.mjs [log …]
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const tablePath = join(root, 'e2e/support/durations.json')
const logs =
  process.argv.length > 2
    ? process.argv.slice(2)
    : readdirSync(join(root, 'test-results'))
        .filter((f) => /^e2e.*\.log$/.test(f))
        .map((f) => join(root, 'test-results', f))
const table = existsSync(tablePath) ? JSON.parse(readFileSync(tablePath, 'utf8')) : {}
let read = 0
for (const log of logs) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the reporter's colour codes
  const text = readFileSync(log, 'utf8').replace(/\x1b\[[0-9;]*m/g, '')
  for (const [, file, ms] of text.matchAll(/^ [✓❯×] ([\w./-]+\.e2e\.ts) \(\d+ tests?[^)]*\) (\d+)ms$/gm)) {
    table[file] = Math.round(Number(ms) / 100) / 10
    read++
  }
}
const present = new Set(readdirSync(join(root, 'e2e')).filter((f) => f.endsWith('.e2e.ts')))
const sorted = Object.fromEntries(
  Object.entries(table)
    .filter(([file]) => present.has(file))
    .sort(([a], [b]) => a.localeCompare(b)),
)
writeFileSync(tablePath, `${JSON.stringify(sorted, null, 2)}\n`)
console.log(`${tablePath}: ${read} figures from ${logs.length} logs; ${Object.keys(sorted).length} journeys`)
