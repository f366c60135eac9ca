// The published packages, and what a release of them must pass.
//   node scripts/packages.mjs build   (`npm run build`): builds each public package's dist/
//   node scripts/packages.mjs check   (`npm run check:packages`): builds each from a clean dist/ (as its
//     prepack does), packs each one as `npm publish` would, then lints every tarball with publint
//     (--strict) and @arethetypeswrong/cli (profile esm-only: the packages ship ESM only, so
//     CommonJS `require` and node10 resolution are out of scope), and checks what the tarball must
//     and must not hold. Exits 1 on any problem.
// A package under packages/ is public when its package.json is not private. Plain Node, no
// dependencies beyond the two linters.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))

const manifestOf = (name) => JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'))

/** Folder names under packages/ of the packages that are not private, each after its @portico/* dependencies. */
export function publicPackages() {
  const names = readdirSync(join(root, 'packages')).filter((name) => existsSync(join(root, 'packages', name, 'package.json')))
  const byName = new Map(names.map((name) => [manifestOf(name).name, name]).filter(([, name]) => !manifestOf(name).private))
  const ordered = []
  const visit = (name) => {
    if (ordered.includes(name)) return
    for (const dep of Object.keys(manifestOf(name).dependencies ?? {})) if (byName.has(dep)) visit(byName.get(dep))
    ordered.push(name)
  }
  for (const name of byName.values()) visit(name)
  return ordered
}

export const PUBLIC_PACKAGES = publicPackages()

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

export function buildPackages(names = PUBLIC_PACKAGES, { clean = false } = {}) {
  // tsc leaves the output of a deleted source behind: a release builds from an empty dist/.
  if (clean) for (const name of names) rmSync(join(root, 'packages', name, 'dist'), { recursive: true, force: true })
  for (const name of names) {
    const { name: pkg } = manifestOf(name)
    console.log(`\n> npm run build -w ${pkg}`)
    execFileSync(npm, ['run', 'build', '--silent', '-w', pkg], { cwd: root, stdio: 'inherit' })
  }
}

/**
 * Packs the (already built) packages into `dest`, as `npm publish` would pack them; prepack is
 * skipped because the build just ran. Returns npm's report per package: filename, size, files.
 */
export function packPackages(dest, names = PUBLIC_PACKAGES) {
  return names.map((name) => {
    const out = execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', dest], {
      cwd: join(root, 'packages', name),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    const [report] = JSON.parse(out)
    return { ...report, name, path: join(dest, report.filename) }
  })
}

/** What each tarball must hold besides its `exports` targets (publint checks those). */
const REQUIRED = {
  server: [
    'bin/portico-server.mjs',
    'dist/main.js',
    'dist/secure-frame/frame.js',
    'dist/secure-frame/frame.css',
    'dist/registry/wallets.json',
    'migrations/001_projects.sql',
  ],
}

const publicNames = new Set(PUBLIC_PACKAGES.map((name) => manifestOf(name).name))

function contentProblems(name, pack) {
  const files = new Set(pack.files.map((f) => f.path))
  const problems = []
  for (const f of ['README.md', 'LICENSE', ...(REQUIRED[name] ?? [])]) if (!files.has(f)) problems.push(`missing ${f}`)
  for (const f of files) if (/\.test\.tsx?$|\.tsbuildinfo$/.test(f)) problems.push(`should not ship ${f}`)
  const manifest = manifestOf(name)
  for (const [field, deps] of Object.entries({ dependencies: manifest.dependencies, peerDependencies: manifest.peerDependencies }))
    for (const [dep, range] of Object.entries(deps ?? {}))
      if (dep.startsWith('@portico/') && !publicNames.has(dep)) problems.push(`${field} names the private ${dep}`)
      else if (dep.startsWith('@portico/') && range !== manifest.version) problems.push(`${field}: ${dep} ${range}, expected exactly ${manifest.version}`)
  if (name === 'react') {
    const entry = readFileSync(join(root, 'packages/react/dist/exports/index.js'), 'utf8')
    if (!entry.startsWith("'use client'")) problems.push("dist/exports/index.js does not start with 'use client'")
  }
  return problems
}

function run(command, args) {
  console.log(`\n> ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } })
  return result.status === 0
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`

function check() {
  // npm test keeps the tarballs in PORTICO_PACKS_DIR, with packs.json, for e2e/packages.e2e.ts: the
  // same clean build a prepack runs, so the journey installs these instead of building them again.
  // An earlier run's are removed first: a failed build leaves none.
  const keep = process.env.PORTICO_PACKS_DIR
  if (keep) rmSync(keep, { recursive: true, force: true })
  buildPackages(PUBLIC_PACKAGES, { clean: true })
  const dest = keep ? (mkdirSync(keep, { recursive: true }), keep) : mkdtempSync(join(tmpdir(), 'portico-packs-'))
  const failures = []
  try {
    const packs = packPackages(dest)
    if (keep) writeFileSync(join(dest, 'packs.json'), JSON.stringify(packs.map((p) => ({ ...p, name: manifestOf(p.name).name, files: undefined }))))
    for (const pack of packs) {
      const problems = contentProblems(pack.name, pack)
      for (const p of problems) console.error(`${manifestOf(pack.name).name}: ${p}`)
      if (problems.length) failures.push(`${pack.name}: contents`)
      if (!run('npx', ['publint', 'run', pack.path, '--strict'])) failures.push(`${pack.name}: publint`)
      if (!run('npx', ['attw', pack.path, '--profile', 'esm-only', '--format', 'table-flipped', '--no-emoji'])) failures.push(`${pack.name}: attw`)
    }
    console.log('\npackage                  packed      unpacked    files')
    for (const p of packs)
      console.log(`${manifestOf(p.name).name.padEnd(24)} ${kib(p.size).padStart(10)}  ${kib(p.unpackedSize).padStart(10)}  ${String(p.entryCount).padStart(5)}`)
  } finally {
    if (!keep) rmSync(dest, { recursive: true, force: true })
  }
  if (failures.length) {
    console.error(`\ncheck:packages failed: ${failures.join(', ')}`)
    process.exit(1)
  }
  console.log(`\ncheck:packages: ${PUBLIC_PACKAGES.length} packages pass publint and attw`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2]
  if (command === 'build') buildPackages()
  else if (command === 'check') check()
  else {
    console.error('usage: node scripts/packages.mjs build|check')
    process.exit(2)
  }
}
