// The dev project without its smart-account networks: this stack deploys no ERC-4337 contracts.
import { EOA_DEV_PROJECT } from './projects.js'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { freePort, redisServerBinary, startTestRedis, type TestRedis } from '../../packages/server/src/relay/testing.js'
import { DEMO_DIST } from './cspSite.js'

/**
 * Several instances behind nginx, for e2e/multi-instance.e2e.ts: two Portico server processes on
 * one PostgreSQL schema and one Redis, Debian's nginx with deploy/nginx/portico.conf (the
 * documented production example) rendered for free loopback ports and run as a non-root process,
 * and the journeys' demo build served with its API and secure-frame origins pointed at nginx.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const NGINX_TEMPLATE = join(root, 'deploy/nginx/portico.conf')

/** The PostgreSQL the journey uses: PORTICO_E2E_DATABASE_URL, else PORTICO_TEST_DATABASE_URL (.ci/run starts one). */
export const clusterDatabaseUrl = () => process.env.PORTICO_E2E_DATABASE_URL ?? process.env.PORTICO_TEST_DATABASE_URL

function nginxBinary(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim()
  return found || null
}

/** Why the journey cannot run here (each part is provided in CI by .ci/run), or null when it can. */
export function clusterMissing(): string | null {
  const missing = [
    clusterDatabaseUrl() ? null : 'PostgreSQL (set PORTICO_E2E_DATABASE_URL or PORTICO_TEST_DATABASE_URL)',
    nginxBinary() ? null : "nginx (Debian's nginx-light or nginx package)",
    redisServerBinary() ? null : "redis-server (Debian's redis-server package)",
  ].filter(Boolean)
  return missing.length > 0 ? `missing ${missing.join(', ')}; .ci/run provides them` : null
}

export interface Instance {
  /** The instance's own URL (not through nginx): its /metrics and dev mail inbox. */
  url: string
  alive(): boolean
  /** SIGKILL: a crashed host (no graceful stop, no lock release: PostgreSQL ends its sessions). */
  kill(): Promise<void>
}

export interface Cluster {
  /** nginx: the API origin and the secure-frame origin. */
  apiUrl: string
  secureFrameUrl: string
  /** The demo build, its API and secure-frame origins rewritten to nginx's. */
  demoUrl: string
  instances: Instance[]
  /** Mails to `to` caught by every live instance's dev mail catcher (whichever instance sent it). */
  inbox(to: string): Promise<{ subject: string; text: string; receivedAt: string | number }[]>
  /** API requests each instance has answered (from its /metrics). */
  requestCounts(): Promise<number[]>
  /** Open relay WebSockets on each instance (0 for a dead one). */
  relayConnections(): Promise<number[]>
  /** The chains whose indexer each instance leads (none for a dead one). */
  indexerLeaders(): Promise<string[][]>
  stop(): Promise<void>
}

async function waitReady(child: ChildProcess, what: string, log: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start in 90 s:\n${log.join('')}`)), 90_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = chunk.toString()
      log.push(text)
      const ready = /PORTICO_INSTANCE_READY (\S+)/.exec(text)
      if (ready) {
        clearTimeout(timer)
        resolve(ready[1]!)
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()))
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${what} exited with ${code}:\n${log.join('')}`))
    })
  })
}

function startInstance(config: Record<string, unknown>, name: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--conditions=@portico/source', '--import', 'tsx', join(root, 'e2e/support/instance.ts')], {
    cwd: root,
    env: { ...process.env, PORTICO_INSTANCE_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const log: string[] = []
  return waitReady(child, name, log).then((url) => ({ child, url }))
}

/** Serves the demo build with `from` origins replaced by `to` (the build's API and frame URLs → nginx's). */
function serveDemo(replacements: [string, string][]): Promise<{ url: string; server: Server }> {
  const rewrite = (text: string) => replacements.reduce((t, [from, to]) => t.replace(new RegExp(`${from.replace(/[.:/]/g, '\\$&')}(?!\\d)`, 'g'), to), text)
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.json': 'application/json',
    '.svg': 'image/svg+xml',
  }
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    let file = normalize(join(DEMO_DIST, path))
    if (!file.startsWith(DEMO_DIST) || !existsSync(file) || statSync(file).isDirectory()) file = join(DEMO_DIST, 'index.html')
    const type = types[extname(file)] ?? 'application/octet-stream'
    const body =
      type in { 'text/html': 1, 'text/javascript': 1, 'text/css': 1, 'application/json': 1 } ? rewrite(readFileSync(file, 'utf8')) : readFileSync(file)
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' })
    res.end(body)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, server })),
  )
}

/** nginx with the production example rendered for loopback ports; as root, it runs as nobody. */
async function startNginx(vars: Record<string, string>): Promise<{ stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'portico-nginx-'))
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub))
  const rendered = readFileSync(NGINX_TEMPLATE, 'utf8').replace(/\$\{(PORTICO_[A-Z_]+)\}/g, (_, key: string) => {
    if (!(key in vars)) throw new Error(`deploy/nginx/portico.conf: no value for ${key}`)
    return vars[key]!
  })
  writeFileSync(join(dir, 'portico.conf'), rendered)
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${dir}/access.log;`,
      `  client_body_temp_path ${dir}/body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
      `  include ${dir}/portico.conf;`,
      '}',
      '',
    ].join('\n'),
  )
  const asRoot = process.getuid?.() === 0
  if (asRoot) spawnSync('chown', ['-R', 'nobody', dir])
  chmodSync(dir, 0o755)
  const args = ['-p', dir, '-c', join(dir, 'nginx.conf')]
  const child = asRoot ? spawn('runuser', ['-u', 'nobody', '--', nginxBinary()!, ...args], { stdio: 'pipe' }) : spawn(nginxBinary()!, args, { stdio: 'pipe' })
  let output = ''
  child.stderr!.on('data', (d: Buffer) => (output += d))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    async stop() {
      const pid = existsSync(join(dir, 'nginx.pid')) ? Number(readFileSync(join(dir, 'nginx.pid'), 'utf8')) : undefined
      if (pid) process.kill(pid, 'SIGTERM')
      else child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
      if (output.trim()) console.log(`[nginx] ${output.trim()}`)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export async function startCluster(stack: { apiUrl: string; secureFrameUrl: string; chains: { chainId: number; rpcUrl: string }[] }): Promise<Cluster> {
  const shared = clusterDatabaseUrl()!
  const schema = `multi_${process.pid}_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: shared })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  const databaseUrl = new URL(shared)
  databaseUrl.searchParams.set('options', `-c search_path=${schema}`)
  const redis = (await startTestRedis()) as TestRedis
  const [apiPort, framePort, ...instancePorts] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort(), freePort()])
  const apiUrl = `http://127.0.0.1:${apiPort}`
  // The secure origin on localhost, the demo on 127.0.0.1: another site, as in production (issue 28).
  const secureFrameUrl = `http://localhost:${framePort}`
  const key = () => randomBytes(32).toString('base64')
  // What every instance shares: the database, Redis, the secrets, the public URLs.
  const common = {
    host: '127.0.0.1',
    publicUrl: apiUrl,
    databaseUrl: databaseUrl.toString(),
    redisUrl: redis.url,
    dataDir: undefined,
    rpcUrls: Object.fromEntries(stack.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
    projects: [EOA_DEV_PROJECT],
    trustProxy: ['127.0.0.1'],
    devRoutes: true,
    devMailCatcher: { port: 0 },
    authSecrets: { otpKey: key(), shareKey: key(), recoveryKey: key(), jwtKey: key() },
    siwx: { signingKey: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }) },
    rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000 },
    // The production default leaderRetryMs (5 s): the journey measures a takeover with it.
    indexer: { enabled: true, pollMs: 1000, batchBlocks: 20, backfillBlocks: 1000 },
    shutdownDeadlineMs: 2000,
    logLevel: 'warn',
  }
  const started = await Promise.all(
    [0, 1].map((i) =>
      startInstance({ ...common, port: instancePorts[2 * i], secureFrame: { port: instancePorts[2 * i + 1], publicUrl: secureFrameUrl } }, `instance ${i + 1}`),
    ),
  )
  const upstreams = (ports: number[]) => ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join(' ')
  const nginx = await startNginx({
    PORTICO_API_LISTEN: `127.0.0.1:${apiPort}`,
    PORTICO_FRAME_LISTEN: `127.0.0.1:${framePort}`,
    PORTICO_SERVER_NAME: '127.0.0.1',
    PORTICO_FRAME_SERVER_NAME: 'localhost',
    PORTICO_API_UPSTREAMS: upstreams([instancePorts[0]!, instancePorts[2]!]),
    PORTICO_FRAME_UPSTREAMS: upstreams([instancePorts[1]!, instancePorts[3]!]),
  })
  const deadline = Date.now() + 20_000
  for (;;) {
    const ok = await fetch(`${apiUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline) throw new Error('nginx did not answer /readyz in 20 s')
    await new Promise((r) => setTimeout(r, 200))
  }
  const demo = await serveDemo([
    [new URL(stack.apiUrl).origin, apiUrl],
    [new URL(stack.secureFrameUrl).origin, secureFrameUrl],
  ])

  const instances: Instance[] = started.map(({ child, url }) => ({
    url,
    alive: () => child.exitCode === null && child.signalCode === null,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGKILL')
      await exited
    },
  }))
  const children = started.map((s) => s.child)
  return {
    apiUrl,
    secureFrameUrl,
    demoUrl: demo.url,
    instances,
    async inbox(to) {
      const lists = await Promise.all(
        instances
          .filter((i) => i.alive())
          .map((i) =>
            fetch(`${i.url}/dev/mail.json?to=${encodeURIComponent(to)}`)
              .then((r) => r.json() as Promise<{ messages: { subject: string; text: string; receivedAt: string | number }[] }>)
              .then((b) => b.messages)
              .catch(() => []),
          ),
      )
      return lists.flat().sort((a, b) => new Date(a.receivedAt).getTime() - new Date(b.receivedAt).getTime())
    },
    async requestCounts() {
      return Promise.all(
        instances.map(async (i) => {
          if (!i.alive()) return 0
          const text = await (await fetch(`${i.url}/metrics`)).text()
          let sum = 0
          for (const m of text.matchAll(/^portico_http_request_duration_seconds_count\{[^}]*route="\/v1[^"]*"[^}]*\} (\d+)/gm)) sum += Number(m[1])
          return sum
        }),
      )
    },
    async indexerLeaders() {
      return Promise.all(
        instances.map(async (i) => {
          if (!i.alive()) return []
          const text = await (await fetch(`${i.url}/metrics`)).text()
          return [...text.matchAll(/^portico_indexer_leader\{chain="([^"]+)"\} 1$/gm)].map((m) => m[1]!)
        }),
      )
    },
    async relayConnections() {
      return Promise.all(
        instances.map(async (i) => {
          if (!i.alive()) return 0
          const text = await (await fetch(`${i.url}/metrics`)).text()
          return Number(/^portico_relay_connections (\d+)/m.exec(text)?.[1] ?? 0)
        }),
      )
    },
    async stop() {
      await new Promise<void>((resolve) => demo.server.close(() => resolve()))
      await nginx.stop()
      await Promise.all(
        children.map(async (child) => {
          if (child.exitCode !== null || child.signalCode !== null) return
          const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
          child.kill('SIGTERM')
          await Promise.race([exited, new Promise((r) => setTimeout(r, 8000))])
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
        }),
      )
      await redis.stop()
      await admin.query(`drop schema if exists ${schema} cascade`).catch(() => undefined)
      await admin.end()
    },
  }
}
