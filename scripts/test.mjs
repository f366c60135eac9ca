// `npm test`: installs what is missing, type-checks, runs the unit tests and the browser journeys,
// then prints one closing line with the totals.
import { spawn } from 'node:child_process'
import { createWriteStream, mkdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
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

// Journeys run in E2E_SHARDS processes at once (PORTICO_E2E_SHARDS, default 2), each with its own
// stack (devnet, server, demo build on free ports): they share nothing, and most of a journey's
// time is spent waiting on the browser and the chain, not on the CPU. The server's PostgreSQL run
// goes beside them. Each parallel run's output is printed whole when it ends.
const shards = Math.max(1, Number(process.env.PORTICO_E2E_SHARDS ?? 2))
const packs = join(results, 'packs')
const vitest = (args, report) => `npx vitest run ${args} --reporter=default --reporter=json --outputFile.json=${results}/${report}`

const stages = [
  [['typecheck', 'npx tsc -p tsconfig.json --noEmit', null]],
  // Biome (biome.json): formatting and the lint rules, on every package (npm run lint; npm run format fixes formatting).
  [['lint', 'npm run lint --silent', null]],
  // No import circles among the packages' sources (scripts/check-circles.mjs, under a second).
  [['circles', 'npm run check:circles --silent', null]],
  // The public packages build, pack, and pass publint and attw (scripts/packages.mjs). Their tarballs
  // stay in test-results/packs for the packages journey, which would otherwise build and pack them again.
  [['packages', 'npm run check:packages --silent', null, { PORTICO_PACKS_DIR: packs }]],
  // Core's API types (packages/core/src/api/openapi.ts) match the server's OpenAPI document (scripts/api-types.ts).
  [['api-types', 'npm run api:types --silent -- --check', null]],
  // Two workers: Vitest's default on 2 cores is one (cores − 1), which left the second core idle
  // while files waited on servers, chains and browsers. The PostgreSQL run below keeps one: it runs
  // beside the journeys.
  [['unit', vitest('--maxWorkers=2', 'unit.json'), 'unit.json']],
  [
    ...(postgresUrl
      ? [['server-postgres', vitest('packages/server', 'server-postgres.json'), 'server-postgres.json', { PORTICO_TEST_DATABASE_URL: postgresUrl }]]
      : []),
    ...Array.from({ length: shards }, (_, i) => [
      shards > 1 ? `e2e ${i + 1}/${shards}` : 'e2e',
      vitest(`--config e2e/vitest.config.ts${shards > 1 ? ` --shard=${i + 1}/${shards}` : ''}`, `e2e-${i + 1}.json`),
      `e2e-${i + 1}.json`,
      // The multi-instance journey runs its two servers on the PostgreSQL too (it skips without one).
      {
        PORTICO_E2E_DIST: join(root, `e2e/.demo-dist-${i + 1}`),
        PORTICO_PACKS_DIR: packs,
        ...(postgresUrl ? { PORTICO_E2E_DATABASE_URL: postgresUrl } : {}),
      },
    ]),
  ],
]

let passed = 0
let failed = 0
let broken = false

/** Runs one suite; alone, its output streams; beside others, it goes to a log printed at its end. */
function run([name, command, report, env], alone) {
  const started = Date.now()
  console.log(`\n=== ${name} ===\n> ${command}`)
  return new Promise((resolve) => {
    const log = alone ? undefined : `${results}/${name.replace(/\W+/g, '-')}.log`
    const child = spawn(command, { cwd: root, shell: true, env: { ...baseEnv, ...env }, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
    if (log) {
      const out = createWriteStream(log)
      child.stdout.pipe(out)
      child.stderr.pipe(out)
    }
    child.on('close', (code) => {
      if (log) console.log(`\n=== ${name} (output) ===\n${readFileSync(log, 'utf8')}`)
      if (code !== 0) broken = true
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
      } else console.log(`${name}: ${code === 0 ? 'ok' : 'failed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
      resolve()
    })
  })
}

for (const stage of stages) await Promise.all(stage.map((suite) => run(suite, stage.length === 1)))
console.log(`\ntotal: ${passed} passed, ${failed} failed`)
process.exit(broken || failed > 0 || passed === 0 ? 1 : 0)
