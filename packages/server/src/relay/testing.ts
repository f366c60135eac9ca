/**
 * Test helpers for the relay: a Debian redis-server on a free loopback port, and a raw JSON-RPC
 * WebSocket client that speaks the relay protocol like the SDK does.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import WebSocket from 'ws'
import { signClientJwt } from './jwt.js'

export function redisServerBinary(): string | null {
  for (const bin of [process.env.PORTICO_REDIS_SERVER, 'redis-server', '/usr/bin/redis-server'].filter(Boolean) as string[]) {
    const probe = spawnSync(bin, ['--version'], { stdio: 'ignore' })
    if (probe.status === 0) return bin
  }
  return null
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

export interface TestRedis {
  url: string
  port: number
  stop(): Promise<void>
}

/** Starts redis-server on 127.0.0.1 with no persistence; null when redis-server is not installed. */
export async function startTestRedis(): Promise<TestRedis | null> {
  const bin = redisServerBinary()
  if (!bin) return null
  const port = await freePort()
  const child: ChildProcess = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000)
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`redis-server exited with ${code}: ${out}`))
    })
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode !== null) return
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      })
    },
  }
}

export interface RelayTestClient {
  clientId: string
  ws: WebSocket
  /** Sends a request with a 19-digit id (as the SDK does) and resolves with the raw reply text. */
  requestRaw(method: string, params: unknown, id?: string): Promise<string>
  request<T = unknown>(method: string, params: unknown): Promise<T>
  sendText(text: string): void
  /** irn_subscription messages received so far. */
  received: Array<{ id: number; params: { id: string; data: { topic: string; message: string; publishedAt: number; tag: number } } }>
  waitFor<T>(pick: () => T | undefined, timeoutMs?: number): Promise<T>
  close(): Promise<void>
}

/** Connects to `relayUrl` (ws://…/relay) with a fresh or given ed25519 identity; acks by default. */
export async function connectRelayClient(
  relayUrl: string,
  opts: {
    seed?: Uint8Array
    projectId?: string
    autoAck?: boolean
    token?: string
    /** Source address of the socket (any of 127.0.0.0/8 on Linux), to stand for another client address. */
    localAddress?: string
  } = {},
): Promise<RelayTestClient> {
  const seed = opts.seed ?? randomBytes(32)
  const { token, clientId } = signClientJwt(seed, { aud: relayUrl })
  const url = `${relayUrl}?auth=${encodeURIComponent(opts.token ?? token)}&projectId=${opts.projectId ?? 'portico-dev'}&ua=portico-test&useOnCloseEvent=true`
  const ws = new WebSocket(url, opts.localAddress ? { localAddress: opts.localAddress } : {})
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
  })
  const waiting = new Map<string, (text: string) => void>()
  const received: RelayTestClient['received'] = []
  ws.on('message', (data) => {
    const text = data.toString()
    const idMatch = /^\{"id":("?\d+"?)/.exec(text)
    const parsed = JSON.parse(text)
    if (parsed.method === 'irn_subscription') {
      received.push(parsed)
      if (opts.autoAck !== false) ws.send(JSON.stringify({ id: parsed.id, jsonrpc: '2.0', result: true }))
      return
    }
    const key = idMatch?.[1]?.replace(/"/g, '')
    if (key && waiting.has(key)) {
      waiting.get(key)!(text)
      waiting.delete(key)
    }
  })
  let counter = 0
  const nextId = () => `${Date.now()}${String(process.hrtime.bigint() % 1000n).padStart(3, '0')}${String(counter++ % 1000000).padStart(3, '0')}`.slice(0, 19)
  const requestRaw = (method: string, params: unknown, id = nextId()) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no reply to ${method}`)), 10_000)
      waiting.set(id.replace(/"/g, ''), (text) => {
        clearTimeout(timer)
        resolve(text)
      })
      ws.send(`{"id":${id},"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`)
    })
  const client: RelayTestClient = {
    clientId,
    ws,
    requestRaw,
    async request<T>(method: string, params: unknown) {
      const reply = JSON.parse(await requestRaw(method, params))
      if (reply.error) throw new Error(`${reply.error.code} ${reply.error.message}`)
      return reply.result as T
    },
    sendText: (text) => ws.send(text),
    received,
    async waitFor(pick, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs
      for (;;) {
        const value = pick()
        if (value !== undefined && value !== false) return value
        if (Date.now() > until) throw new Error('waitFor timed out')
        await new Promise((r) => setTimeout(r, 10))
      }
    },
    async close() {
      if (ws.readyState === ws.CLOSED) return
      await new Promise<void>((resolve) => {
        ws.once('close', () => resolve())
        ws.close()
      })
    },
  }
  return client
}
