// Installs what `npm start` and `npm test` need on a fresh clone: npm dependencies and, for the
// browser journeys, Debian's Chromium. Plain Node (no dependencies) because it runs before they exist.
import { execSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
export const CHROMIUM = process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium'

function run(command) {
  console.log(`\n> ${command}`)
  execSync(command, { cwd: root, stdio: 'inherit' })
}

export function ensureDependencies() {
  const modules = `${root}/node_modules/.package-lock.json`
  const lock = `${root}/package-lock.json`
  const stale = !existsSync(modules) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(modules).mtimeMs)
  if (stale) run('npm install --no-audit --no-fund')
}

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  const root = typeof process.getuid === 'function' && process.getuid() === 0
  const sudo = root ? '' : 'sudo '
  console.log("\nChromium is missing; installing Debian's chromium package for the browser journeys.")
  run(`${sudo}apt-get update -qq`)
  run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`)
}

export function buildTestWallet() {
  run('npm run build --silent -w @portico/test-wallets')
}
