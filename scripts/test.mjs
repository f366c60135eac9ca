// `npm test`: installs what is missing, type-checks, runs the unit tests and the browser journeys,
// then prints one closing line with the totals.
import { execSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { buildTestWallet, ensureChromium, ensureDependencies } from './ensure.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const results = `${root}/test-results`
mkdirSync(results, { recursive: true })

ensureDependencies()
ensureChromium()
buildTestWallet()

const suites = [
  ['typecheck', 'npx tsc -p tsconfig.json --noEmit', null],
  ['unit', `npx vitest run --reporter=default --reporter=json --outputFile.json=${results}/unit.json`, 'unit.json'],
  ['e2e', `npx vitest run --config e2e/vitest.config.ts --reporter=default --reporter=json --outputFile.json=${results}/e2e.json`, 'e2e.json'],
]

let passed = 0
let failed = 0
let broken = false
for (const [name, command, report] of suites) {
  console.log(`\n=== ${name} ===\n> ${command}`)
  const started = Date.now()
  try {
    execSync(command, { cwd: root, stdio: 'inherit' })
  } catch {
    broken = true
  }
  if (report) {
    try {
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
