/** Spawning and supervising anvil processes (node only). */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)

/**
 * Finds the anvil executable. We spawn the binary directly rather than through
 * npx or the @foundry-rs/anvil JS shim: one process per chain, so kill() really
 * stops the node and no extra node process sits in between.
 */
export function resolveAnvilBinary(): string {
  if (process.env.ANVIL_BINARY) return process.env.ANVIL_BINARY
  const platformPkg = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  try {
    const pkgJson = require.resolve(`${platformPkg}/package.json`)
    const bin = join(dirname(pkgJson), 'bin', exe)
    if (existsSync(bin)) return bin
  } catch {
    // Not installed for this platform: fall through to node_modules/.bin.
  }
  // Walk up from this file looking for node_modules/.bin/anvil.
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const candidate = join(dir, 'node_modules', '.bin', exe)
    if (existsSync(candidate)) return candidate
    const parent = dirname(dir)
    if (parent === dir) break
    dir = parent
  }
  throw new Error(`anvil binary not found: install @foundry-rs/anvil (looked for ${platformPkg}) or set ANVIL_BINARY`)
}

export interface AnvilOptions {
  host: string
  port: number
  chainId: number
  binary?: string
  /** Show anvil's own logs (default: --silent). */
  verbose?: boolean
  extraArgs?: string[]
}

export interface AnvilInstance {
  rpcUrl: string
  process: ChildProcess
  stop(): Promise<void>
}

/** Starts anvil and resolves once it answers eth_chainId with the expected id. */
export async function startAnvil(opts: AnvilOptions): Promise<AnvilInstance> {
  // Without this, a node already on the port (e.g. a devnet from another terminal)
  // would answer our readiness probe while our own anvil dies with EADDRINUSE.
  await assertPortFree(opts.host, opts.port)
  const args = ['--host', opts.host, '--port', String(opts.port), '--chain-id', String(opts.chainId)]
  if (!opts.verbose) args.push('--silent')
  args.push(...(opts.extraArgs ?? []))

  const child = spawn(opts.binary ?? resolveAnvilBinary(), args, {
    stdio: ['ignore', opts.verbose ? 'inherit' : 'ignore', 'pipe'],
  })
  trackChild(child)

  let stderr = ''
  child.stderr?.on('data', (d) => {
    stderr += d
    if (opts.verbose) process.stderr.write(d)
  })
  const exited = new Promise<never>((_, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) => reject(new Error(`anvil on port ${opts.port} exited early (code ${code}, signal ${signal}): ${stderr.trim()}`)))
  })
  exited.catch(() => {}) // Only awaited during startup; avoid unhandled rejection after stop().

  const rpcUrl = `http://${opts.host}:${opts.port}`
  const instance: AnvilInstance = { rpcUrl, process: child, stop: () => killChild(child) }
  try {
    const chainId = await Promise.race([waitForChainId(rpcUrl, 15_000), exited])
    if (chainId !== opts.chainId) {
      // Something else (e.g. another anvil) already owns the port.
      throw new Error(`${rpcUrl} answered chain id ${chainId}, expected ${opts.chainId} (port already in use?)`)
    }
  } catch (err) {
    await instance.stop()
    throw err
  }
  return instance
}

export function assertPortFree(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', (err: NodeJS.ErrnoException) =>
      reject(new Error(`cannot start anvil on ${host}:${port}: ${err.code === 'EADDRINUSE' ? 'port already in use' : err.message}`)),
    )
    srv.listen(port, host, () => srv.close(() => resolve()))
  })
}

/** Polls eth_chainId until the node answers or the timeout passes. */
export async function waitForChainId(rpcUrl: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      const body = (await res.json()) as { result?: string }
      if (body.result) return Number(body.result)
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${rpcUrl} did not answer eth_chainId within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

// --- Making sure anvil dies with us -------------------------------------------

const children = new Set<ChildProcess>()
let handlersInstalled = false

export function trackChild(child: ChildProcess) {
  children.add(child)
  child.once('exit', () => children.delete(child))
  installExitHandlers()
}

export function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 2_000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/**
 * Kill children when the parent exits. 'exit' handlers must be synchronous, so
 * they only send SIGKILL. For SIGINT/SIGTERM/SIGHUP, installing a listener
 * disables node's default "exit on signal", so we re-raise the signal after
 * cleanup when nobody else listens for it.
 * (A SIGKILLed parent cannot clean up; anvil then lingers until killed.)
 */
function installExitHandlers() {
  if (handlersInstalled) return
  handlersInstalled = true
  process.once('exit', () => {
    for (const child of children) child.kill('SIGKILL')
  })
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      for (const child of children) child.kill('SIGKILL')
      process.removeListener(signal, onSignal)
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
    }
    process.on(signal, onSignal)
  }
}
