// `npm run bench:open`: how fast the modal opens. Builds two host pages for production (browser
// wallets only; WalletConnect + email + socials + a server) and runs ../shared/tools/open-time on
// each (Chromium, 4× CPU throttle, fresh loads), then prints the medians beside the anchors'.
//   --external abort|hang|delay:<ms>   what the server and every other non-loopback host do (default abort: offline)
//   --runs <n>                         measured loads per page (default 10)
//   --page wallets|full                one page only
//   --dir <built dir>                  measure these builds (<dir>/wallets, <dir>/full) instead of building
//   --close <Escape|selector>          how the harness closes the modal before the 2nd open (default Escape)
// Not part of `npm test`: it prints figures and asserts nothing.
import react from '@vitejs/plugin-react'
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { build, defaultClientConditions, type Plugin } from 'vite'

const repo = fileURLToPath(new URL('..', import.meta.url))
const probes = `${repo}scripts/bench-open`
const out = `${repo}test-results/bench-open`
const { values: args } = parseArgs({
  options: {
    external: { type: 'string', default: 'abort' },
    runs: { type: 'string', default: '10' },
    page: { type: 'string' },
    dir: { type: 'string' },
    close: { type: 'string', default: 'Escape' },
  },
})
const pages = { wallets: 'browser wallets only', full: 'WalletConnect + email + socials + server' } as const
type PageName = keyof typeof pages
const selected = (args.page ? [args.page] : Object.keys(pages)) as PageName[]
for (const page of selected) if (!(page in pages)) throw new Error(`--page must be one of ${Object.keys(pages).join(', ')}`)

const measure = prepareTool()
const builds = args.dir ?? `${out}/build`
if (!args.dir) for (const page of selected) await buildPage(page)

const results = `${out}/results-${args.external.replace(/\W/g, '-')}.json`
rmSync(results, { force: true })
for (const page of selected) {
  const run = spawnSync(
    process.execPath,
    [
      measure,
      '--dir',
      `${builds}/${page}`,
      '--name',
      page,
      '--button',
      'text=Connect Wallet',
      '--dialog',
      '[role=dialog]',
      // The first wallet row: the dialog counts as open only once the Connect view's list is painted.
      '--content',
      '[role=dialog] [data-testid^="wallet-"]',
      '--close',
      args.close,
      '--external',
      args.external,
      '--runs',
      args.runs,
      '--json',
      results,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  )
  if (run.status !== 0) throw new Error(`open-time failed on ${page} (exit ${run.status})`)
}
printSummary()

/** ../shared/tools/open-time beside the repo; run in place when its dependencies are installed, else from a copy that uses ours. */
function prepareTool(): string {
  const tool = process.env.OPEN_TIME_DIR ?? `${repo}../shared/tools/open-time`
  if (!existsSync(`${tool}/measure.mjs`)) throw new Error(`open-time not found at ${tool} (set OPEN_TIME_DIR)`)
  if (existsSync(`${tool}/node_modules/playwright-core`)) return `${tool}/measure.mjs`
  const copy = `${repo}node_modules/.cache/open-time`
  mkdirSync(copy, { recursive: true })
  for (const file of ['measure.mjs', 'package.json', 'package-lock.json']) copyFileSync(`${tool}/${file}`, `${copy}/${file}`)
  const pinned = JSON.parse(readFileSync(`${tool}/package.json`, 'utf8')).dependencies['playwright-core'] as string
  const ours = `${repo}node_modules/playwright-core`
  const oursVersion = existsSync(ours) ? JSON.parse(readFileSync(`${ours}/package.json`, 'utf8')).version : undefined
  if (existsSync(`${copy}/node_modules/playwright-core`)) return `${copy}/measure.mjs`
  if (oursVersion === pinned) {
    mkdirSync(`${copy}/node_modules`, { recursive: true })
    symlinkSync(ours, `${copy}/node_modules/playwright-core`, 'dir')
  } else {
    const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: copy, stdio: 'inherit' })
    if (npm.status !== 0) throw new Error('npm ci failed for open-time')
  }
  return `${copy}/measure.mjs`
}

async function buildPage(page: PageName) {
  const extension = readFileSync(`${probes}/extension.js`, 'utf8')
  // The stand-in wallet extension runs first, as an inline script: no request, no bytes counted as the page's JS.
  const inlineExtension: Plugin = {
    name: 'bench-open-extension',
    transformIndexHtml: () => [{ tag: 'script', children: extension, injectTo: 'head-prepend' }],
  }
  await build({
    root: `${probes}/${page}`,
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), inlineExtension],
    // Portico from its TypeScript sources, as the demo and `npm run size` build it.
    resolve: { conditions: ['@portico/source', ...defaultClientConditions] },
    build: { outDir: `${builds}/${page}`, emptyOutDir: true, target: 'es2022' },
  })
}

function printSummary() {
  type Stat = { median: number } | undefined
  const all = JSON.parse(readFileSync(results, 'utf8')) as { stacks: Record<string, { summary: Record<string, Stat>; failures: string[] }> }
  const ms = (s: Stat) => (s ? `${Math.round(s.median)} ms` : '–')
  const rows = [['page', 'click → painted, 1st open', '2nd open', 'button ready', 'JS before click', 'heap after open', 'failed loads']]
  for (const page of selected) {
    const { summary: s, failures } = all.stacks[page]!
    rows.push([
      `${page} (${pages[page]})`,
      ms(s.open1),
      ms(s.open2),
      ms(s.buttonReady),
      s.jsBeforeClick ? `${(s.jsBeforeClick.median / 1024).toFixed(0)} KiB` : '–',
      s.heapAfterOpenGC ? `${(s.heapAfterOpenGC.median / 1048576).toFixed(1)} MiB` : '–',
      String(failures.length),
    ])
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  console.log(`\nopen-time medians, ${args.runs} fresh loads each, 4× CPU throttle, external requests: ${args.external}`)
  for (const row of rows) console.log('  ' + row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '))
  console.log(`  anchors (open-time README, same harness): 1st open Onboard 173 ms, RainbowKit 276, AppKit 547, ConnectKit 631;
  2nd open Onboard 74, RainbowKit 102, AppKit 223; button ready bare wagmi 257, Onboard 690, RainbowKit 837, AppKit 961
  full report: node <open-time>/measure.mjs --report ${results}`)
}
