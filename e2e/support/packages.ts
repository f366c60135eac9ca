import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, readdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * What a dapp developer gets from npm: Portico's public packages packed as `npm publish` would
 * pack them, installed into a folder outside the workspace. Helpers for e2e/packages.e2e.ts.
 */

/** The repository whose packages are packed (PORTICO_PACK_ROOT: another checkout, e.g. a branch's worktree). */
export const PACK_ROOT = resolve(process.env.PORTICO_PACK_ROOT ?? fileURLToPath(new URL('../..', import.meta.url)))
export const EXAMPLES = fileURLToPath(new URL('../../apps/examples', import.meta.url))

export interface PublicPackage {
  name: string
  dir: string
  /** Whether `npm pack` builds it first (its dist/ is what the tarball's exports point at). */
  hasPrepack: boolean
}

/** Every package under packages/ that is not private is published: one list, the manifests. */
export function publicPackages(root = PACK_ROOT): PublicPackage[] {
  return readdirSync(join(root, 'packages'))
    .map((folder) => join(root, 'packages', folder))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => !manifest.private)
    .map(({ dir, manifest }) => ({ name: manifest.name, dir, hasPrepack: Boolean(manifest.scripts?.prepack) }))
}

export interface PackedPackage {
  name: string
  version: string
  /** Absolute path of the tarball. */
  path: string
  size: number
  unpackedSize: number
  entryCount: number
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
/** npm's own noise (deprecation notes about the user's npmrc) is not a result. */
const quietEnv = { npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' }

/** Runs a command; resolves with its output, rejects with the tail of it. */
export function run(
  command: string,
  args: string[],
  { cwd, env = {}, timeoutMs = 600_000 }: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...quietEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) return resolve({ stdout, stderr })
      const tail = `${stdout}\n${stderr}`.trim().split('\n').slice(-40).join('\n')
      reject(new Error(`${command} ${args.join(' ')} (in ${cwd}) failed with ${signal ?? `exit code ${code}`}:\n${tail}`))
    })
  })
}

/**
 * `npm pack -w @portico/<name>` for every public package, in one npm call: each package's
 * prepack script builds its dist first, as on `npm publish`.
 */
export async function packPublicPackages(dest: string, root = PACK_ROOT): Promise<PackedPackage[]> {
  const args = ['pack', '--json', '--pack-destination', dest, ...publicPackages(root).flatMap(({ name }) => ['-w', name])]
  const { stdout } = await run(npm, args, { cwd: root })
  // Lifecycle scripts (prepack → build) print to stdout before npm's JSON report.
  const report = JSON.parse(stdout.slice(stdout.search(/^\[/m))) as Array<Omit<PackedPackage, 'path'> & { filename: string }>
  return report.map(({ name, version, filename, size, unpackedSize, entryCount }) => ({
    name,
    version,
    path: join(dest, filename),
    size,
    unpackedSize,
    entryCount,
  }))
}

/**
 * The tarballs npm test's packages stage left in PORTICO_PACKS_DIR (scripts/packages.mjs check:
 * every public package built from an empty dist/, as its prepack does, then packed), when they are
 * this repository's, one per public package; else undefined and the journey packs them itself.
 */
export function stagePacks(root = PACK_ROOT): PackedPackage[] | undefined {
  const dir = process.env.PORTICO_PACKS_DIR
  if (!dir || !existsSync(join(dir, 'packs.json')) || root !== resolve(fileURLToPath(new URL('../..', import.meta.url)))) return undefined
  const packs = (JSON.parse(readFileSync(join(dir, 'packs.json'), 'utf8')) as Array<PackedPackage & { filename: string }>).map((p) => ({
    name: p.name,
    version: p.version,
    path: join(dir, p.filename),
    size: p.size,
    unpackedSize: p.unpackedSize,
    entryCount: p.entryCount,
  }))
  const names = (list: { name: string }[]) => list.map((p) => p.name).sort()
  const complete = JSON.stringify(names(packs)) === JSON.stringify(names(publicPackages(root))) && packs.every((p) => existsSync(p.path))
  return complete ? packs : undefined
}

/**
 * Copies an example out of the repository, points its @portico/* dependencies at the tarballs
 * (with overrides of the same specs, so that a package's own dependency on @portico/core can only
 * be the tarball, never a registry lookup) and installs it from scratch, as a developer who
 * cloned it would. Returns the example's folder.
 *
 * One install of the final package.json on purpose: adding a package that peers on @wagmi/core
 * to an already installed wagmi 3 + TypeScript app fails in npm 11 with ERESOLVE (@wagmi/core's
 * optional peer `accounts` leads to an `ox` range that viem's own does not meet); a fresh install
 * of the same package.json resolves.
 */
export async function installExample(example: string, into: string, packages: PackedPackage[]): Promise<string> {
  const dir = join(into, example)
  cpSync(join(EXAMPLES, example), dir, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist|\.next)$/.test(source),
  })
  const manifestPath = join(dir, 'package.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    dependencies: Record<string, string>
    overrides: Record<string, string>
  }
  const tarballs = new Map(packages.map((p) => [p.name, `file:${p.path}`]))
  // Every packed package is an override, so one a package depends on (@portico/embedded → @portico/solana) comes
  // from its tarball too; npm wants an override of a direct dependency to repeat its spec.
  manifest.overrides = Object.fromEntries(tarballs)
  for (const name of Object.keys(manifest.dependencies)) if (tarballs.has(name)) manifest.dependencies[name] = tarballs.get(name)!
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
  await run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir })
  return dir
}

export function isInside(child: string, parent: string): boolean {
  const path = relative(realpathSync(parent), child)
  return path !== '' && !path.startsWith('..') && !isAbsolute(path)
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export interface Served {
  url: string
  process: ChildProcess
  output(): string
  stop(): Promise<void>
}

/** Starts a long-running server (vite preview, next start) and waits until `url` answers. */
export async function serve(
  command: string,
  args: string[],
  { cwd, env = {}, url, timeoutMs = 60_000 }: { cwd: string; env?: NodeJS.ProcessEnv; url: string; timeoutMs?: number },
): Promise<Served> {
  // Its own process group, so that stop() ends the server and any child it started, and nothing else.
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      return
    }
    const killed = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 5_000))])
    if (!killed) process.kill(-child.pid!, 'SIGKILL')
  }
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}:\n${output}`)
    try {
      const response = await fetch(url)
      if (response.ok) return { url, process: child, output: () => output, stop }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  await stop()
  throw new Error(`${command} ${args.join(' ')} did not answer at ${url} within ${timeoutMs} ms:\n${output}`)
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

/** Milliseconds since `start`, as seconds with one decimal. */
export const seconds = (start: number) => `${((Date.now() - start) / 1000).toFixed(1)} s`

/**
 * Resolves each name the way Node's ESM loader does from `dir` (import.meta.resolve in a
 * module evaluated there) and returns the real paths of the files it lands on.
 */
export async function resolveFrom(dir: string, names: string[]): Promise<Record<string, string>> {
  const script = `const out = {}; for (const n of ${JSON.stringify(names)}) out[n] = import.meta.resolve(n); console.log(JSON.stringify(out))`
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: dir })
  const urls = JSON.parse(stdout) as Record<string, string>
  return Object.fromEntries(Object.entries(urls).map(([name, url]) => [name, realpathSync(fileURLToPath(url))]))
}

/**
 * Deletes a folder without waiting: three installs hold about 1 GB in 80,000 files, which takes
 * minutes to delete on a busy disk. The folder is renamed first, so it is gone from its path at once.
 */
export function removeInBackground(dir: string) {
  const trash = `${dir}.deleting`
  renameSync(dir, trash)
  spawn('rm', ['-rf', trash], { detached: true, stdio: 'ignore' }).unref()
}
