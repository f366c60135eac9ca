// `npm test`: installs what is missing, type-checks, runs the unit tests and the browser journeys,
// then prints one closing line with the totals.
import { execSync } from 'node:child_process'
import { mkdirSync, readFileSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { buildTestWallet, ensureChromium, ensureDependencies } from './ensure.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const results = `${root}/test-results`
mkdirSync(results, { recursive: true })

ensureDependencies()
ensureChromium()
buildTestWallet()

// The server's database tests run on PGlite in the unit suite; when PORTICO_TEST_DATABASE_URL
// names a PostgreSQL database (.ci/run starts one), they run again on it as 'server-postgres'.
const postgresUrl = process.env.PORTICO_TEST_DATABASE_URL
const baseEnv = { ...process.env }
delete baseEnv.PORTICO_TEST_DATABASE_URL

const suites = [
  ['typecheck', 'npx tsc -p tsconfig.json --noEmit', null],
  // Biome (biome.json): formatting and the lint rules, on every package (npm run lint; npm run format fixes formatting).
  ['lint', 'npm run lint --silent', null],
  // No import circles among the packages' sources (scripts/check-circles.mjs, under a second).
  ['circles', 'npm run check:circles --silent', null],
  // The public packages build, pack, and pass publint and attw (scripts/packages.mjs).
  ['packages', 'npm run check:packages --silent', null],
  ['unit', `npx vitest run --reporter=default --reporter=json --outputFile.json=${results}/unit.json`, 'unit.json'],
  ...(postgresUrl
    ? [
        [
          'server-postgres',
          `npx vitest run packages/server --reporter=default --reporter=json --outputFile.json=${results}/server-postgres.json`,
          'server-postgres.json',
          { PORTICO_TEST_DATABASE_URL: postgresUrl },
        ],
      ]
    : []),
  ['e2e', `npx vitest run --config e2e/vitest.config.ts --reporter=default --reporter=json --outputFile.json=${results}/e2e.json`, 'e2e.json'],
]

let passed = 0
let failed = 0
let broken = false
for (const [name, command, report, env] of suites) {
  console.log(`\n=== ${name} ===\n> ${command}`)
  const started = Date.now()
  try {
    execSync(command, { cwd: root, stdio: 'inherit', env: { ...baseEnv, ...env } })
  } catch {
    broken = true
  }
  if (report) {
    try {
      // A report left by an earlier run must not count for this one.
      if (statSync(`${results}/${report}`).mtimeMs < started) throw new Error('stale report')
      const json = JSON.parse(readFileSync(`${results}/${report}`, 'utf8'))
      passed += json.numPassedTests
      failed += json.numFailedTests
      console.log(`${name}: ${json.numPassedTests} passed, ${json.numFailedTests} failed in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    } catch {
      broken = true
      console.log(`${name}: no report (the runner did not finish)`)
    }
  }
}
console.log(`\ntotal: ${passed} passed, ${failed} failed`)
process.exit(broken || failed > 0 || passed === 0 ? 1 : 0)
