/** A real ERC-4337 bundler, @pimlico/alto, for one devnet chain (node only). */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { killChild, trackChild } from './anvil'
import { DEVNET_AA, DEVNET_AA_KEYS } from './constants'

const require = createRequire(import.meta.url)

export interface BundlerOptions {
  host: string
  port: number
  /** The chain's anvil. */
  rpcUrl: string
  /** Show alto's logs (default: errors only). */
  verbose?: boolean
}

export interface BundlerInstance {
  url: string
  stop(): Promise<void>
}

/**
 * Starts alto on the chain (flags that worked here: shared/notes/local-stack.md) with the devnet's executor
 * and utility keys, safe mode off (anvil has no debug_traceCall tracer alto accepts) and bundling every 100 ms,
 * and resolves once it answers eth_supportedEntryPoints with the devnet's EntryPoint.
 */
export async function startBundler(opts: BundlerOptions): Promise<BundlerInstance> {
  const cli = join(dirname(require.resolve('@pimlico/alto')), 'cli/alto.js') // the package's bin (esm/cli/alto.js)
  // alto binds 0.0.0.0; loopback.cjs makes it bind opts.host.
  const args = [
    '--require',
    join(dirname(fileURLToPath(import.meta.url)), 'loopback.cjs'),
    cli,
    ...['--entrypoints', DEVNET_AA.entryPoint],
    ...['--executor-private-keys', DEVNET_AA_KEYS.bundlerExecutor, '--utility-private-key', DEVNET_AA_KEYS.bundlerUtility],
    ...['--rpc-url', opts.rpcUrl, '--port', String(opts.port), '--safe-mode', 'false'],
    ...['--block-time', '250', '--min-bundle-interval', '50', '--max-bundle-interval', '100', '--utility-wallet-monitor', 'false'],
    ...['--log-level', opts.verbose ? 'info' : 'error'],
  ]
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', opts.verbose ? 'inherit' : 'ignore', 'pipe'],
    env: { ...process.env, PORTICO_BIND_HOST: opts.host },
  })
  trackChild(child)
  let stderr = ''
  child.stderr?.on('data', (d) => {
    stderr = (stderr + d).slice(-4_000)
    if (opts.verbose) process.stderr.write(d)
  })
  const exited = new Promise<never>((_, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) => reject(new Error(`alto on port ${opts.port} exited early (code ${code}, signal ${signal}): ${stderr.trim()}`)))
  })
  exited.catch(() => {})
  const url = `http://${opts.host}:${opts.port}`
  const instance: BundlerInstance = { url, stop: () => killChild(child) }
  try {
    await Promise.race([waitForBundler(url, 60_000), exited])
  } catch (err) {
    await instance.stop()
    throw err
  }
  return instance
}

async function waitForBundler(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
      })
      const body = (await res.json()) as { result?: string[] }
      if (body.result?.some((ep) => ep.toLowerCase() === DEVNET_AA.entryPoint.toLowerCase())) return
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the bundler at ${url} did not answer within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
