import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { DEV_PROJECT } from '../config.js'
import type { ServerContext } from '../context.js'
import { startTestServer } from '../testing.js'
import { signClientJwt } from './jwt.js'
import { startRelay, type RelayOptions } from './relay.js'
import { connectRelayClient, type RelayTestClient } from './testing.js'

let server: Awaited<ReturnType<typeof startTestServer>>
const clients: RelayTestClient[] = []
const topic = () => randomBytes(32).toString('hex')
const errorCode = (reply: string) => JSON.parse(reply).error?.code ?? 'ok'

beforeAll(async () => {
  server = await startTestServer({
    indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 0 },
    projects: [DEV_PROJECT, { ...DEV_PROJECT, projectId: 'portico-other', name: 'Other' }],
  })
}, 60_000)
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await server?.close()
})

/** A relay with these options on its own HTTP server, sharing the test server's database. */
async function ownRelay(options: Partial<RelayOptions>, ctxOverrides: Partial<ServerContext> = {}) {
  const http: Server = createServer((_req, res) => res.writeHead(404).end())
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()))
  const closers: Array<() => Promise<void> | void> = []
  const ctx: ServerContext = { ...server.ctx, onClose: (fn) => void closers.push(fn), ...ctxOverrides }
  const relay = await startRelay(ctx, http, options)
  const url = `ws://127.0.0.1:${(http.address() as { port: number }).port}/relay`
  return {
    url,
    relay,
    connect: async (opts: Parameters<typeof connectRelayClient>[1] = {}) => {
      const c = await connectRelayClient(url, opts)
      clients.push(c)
      return c
    },
    async close() {
      for (const fn of closers.reverse()) await fn()
      await new Promise<void>((r) => http.close(() => r()))
    },
  }
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error('until: timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('relay connection caps', () => {
  test('per address: over the cap the upgrade is refused with 429 before the WebSocket opens; a closed socket frees its slot', async () => {
    const own = await ownRelay({ maxConnectionsPerIp: 3 })
    try {
      const open = await Promise.all([1, 2, 3].map(() => own.connect()))
      await expect(own.connect()).rejects.toThrow('HTTP 429')
      // Another address is counted apart.
      const other = await own.connect({ localAddress: '127.0.0.2' })
      expect(own.relay.connectionsFrom('127.0.0.1')).toBe(3)
      expect(own.relay.connectionsFrom('127.0.0.2')).toBe(1)
      await open[0]!.close()
      await until(() => own.relay.connectionsFrom('127.0.0.1') === 2)
      await own.connect()
      // Refused upgrades (bad auth) do not keep a slot.
      await other.close()
      for (let i = 0; i < 5; i++) await expect(connectRelayClient(own.url, { localAddress: '127.0.0.2', token: 'x.y.z' })).rejects.toThrow('HTTP 401')
      await until(() => own.relay.connectionsFrom('127.0.0.2') === 0)
    } finally {
      await own.close()
    }
  })

  test('per project: 429 over the cap, other projects unaffected', async () => {
    const own = await ownRelay({ maxConnectionsPerProject: 2 })
    try {
      await own.connect({ localAddress: '127.0.0.3' })
      await own.connect({ localAddress: '127.0.0.4' })
      await expect(own.connect({ localAddress: '127.0.0.5' })).rejects.toThrow('HTTP 429')
      await own.connect({ localAddress: '127.0.0.5', projectId: 'portico-other' })
    } finally {
      await own.close()
    }
  })
})

describe('relay message limits', () => {
  test('a 512 KB message gets JSON-RPC -32004 and the socket stays open', async () => {
    const own = await ownRelay({})
    try {
      const c = await own.connect()
      const t = topic()
      const reply = await c.requestRaw('irn_publish', { topic: t, message: 'x'.repeat(512 * 1024), ttl: 300, tag: 1108 })
      expect(JSON.parse(reply).error).toMatchObject({ code: -32004 })
      expect(c.ws.readyState).toBe(WebSocket.OPEN)
      // The same in wc_approveSession: nothing of it is published.
      const big = JSON.parse(
        await c.requestRaw('wc_approveSession', {
          sessionTopic: t,
          pairingTopic: t,
          sessionProposalResponse: 'ok',
          sessionSettlementRequest: 'x'.repeat(100 * 1024),
          ttl: 300,
        }),
      )
      expect(big.error.code).toBe(-32004)
      expect(await c.request('irn_fetchMessages', { topic: t })).toEqual({ messages: [], hasMore: false })
      // The largest accepted message passes.
      expect(await c.request('irn_publish', { topic: t, message: 'y'.repeat(96 * 1024), ttl: 300, tag: 1108 })).toBe(true)
    } finally {
      await own.close()
    }
  })

  test('ttl: longer than a day is shortened to a day, not refused; shorter ttls are kept', async () => {
    const own = await ownRelay({})
    try {
      const c = await own.connect()
      const [long, short] = [topic(), topic()]
      expect(await c.request('irn_publish', { topic: long, message: 'week', ttl: 7 * 86_400, tag: 1108 })).toBe(true)
      expect(await c.request('irn_publish', { topic: short, message: 'req', ttl: 900, tag: 1108 })).toBe(true)
      const rows = await server.db.query<{ topic: string; ttl_seconds: number; published_at: string; expires_at: string }>(
        'select topic, ttl_seconds, published_at, expires_at from relay_messages where topic = any($1::text[])',
        [[long, short]],
      )
      const ttl = (t: string) => {
        const r = rows.find((x) => x.topic === t)!
        return [Number(r.ttl_seconds), (Number(r.expires_at) - Number(r.published_at)) / 1000]
      }
      expect(ttl(long)).toEqual([86_400, 86_400])
      expect(ttl(short)).toEqual([900, 900])
    } finally {
      await own.close()
    }
  })

  test('mailbox cap: a full topic refuses the next publish with -32006; once delivered and acked, messages make room', async () => {
    const own = await ownRelay({ maxMessagesPerTopic: 3, retainAfterAckSeconds: 0 })
    try {
      const t = topic()
      const pub = await own.connect()
      for (let i = 0; i < 3; i++) expect(await pub.request('irn_publish', { topic: t, message: `m${i}`, ttl: 300, tag: 1108 })).toBe(true)
      expect(errorCode(await pub.requestRaw('irn_publish', { topic: t, message: 'm3', ttl: 300, tag: 1108 }))).toBe(-32006)
      // A retried publish of a stored message is still fine.
      expect(await pub.request('irn_publish', { topic: t, message: 'm1', ttl: 300, tag: 1108 })).toBe(true)
      const sub = await own.connect()
      await sub.request('irn_subscribe', { topic: t })
      await sub.waitFor(() => sub.received.length === 3)
      expect(sub.received.map((r) => r.params.data.message)).toEqual(['m0', 'm1', 'm2'])
      await until(async () => errorCode(await pub.requestRaw('irn_publish', { topic: t, message: 'm3', ttl: 300, tag: 1108 })) === 'ok')
      await sub.waitFor(() => sub.received.find((r) => r.params.data.message === 'm3'))
    } finally {
      await own.close()
    }
  })

  test('publish bytes per address: over the budget -32005, refilled with time', async () => {
    const own = await ownRelay({ publishBytesPerIp: { perSecond: 20_000, burst: 50_000 } })
    try {
      const c = await own.connect({ localAddress: '127.0.0.6' })
      const d = await own.connect({ localAddress: '127.0.0.6' })
      const m = (n: number) => ({ topic: topic(), message: 'z'.repeat(n), ttl: 60, tag: 1 })
      expect(await c.request('irn_publish', m(30_000))).toBe(true)
      // The budget is the address's, not the socket's.
      expect(errorCode(await d.requestRaw('irn_publish', m(30_000)))).toBe(-32005)
      await new Promise((r) => setTimeout(r, 600))
      expect(await d.request('irn_publish', m(30_000))).toBe(true)
    } finally {
      await own.close()
    }
  })

  test('subscriptions per socket are capped', async () => {
    const own = await ownRelay({ maxTopicsPerConnection: 5 })
    try {
      const c = await own.connect()
      const topics = Array.from({ length: 5 }, topic)
      expect(await c.request<string[]>('irn_batchSubscribe', { topics })).toHaveLength(5)
      // Subscribing again to the same topics is fine; a sixth is not.
      expect(await c.request<string[]>('irn_batchSubscribe', { topics })).toHaveLength(5)
      expect(errorCode(await c.requestRaw('irn_subscribe', { topic: topic() }))).toBe(-32007)
    } finally {
      await own.close()
    }
  })

  test('rate limit: a batch costs by its items', async () => {
    const own = await ownRelay({ rateLimit: { perSecond: 1, burst: 20 } })
    try {
      const c = await own.connect()
      // 1 + 100/10 = 11 tokens each: the second is refused.
      const topics = Array.from({ length: 100 }, topic)
      expect(errorCode(await c.requestRaw('irn_batchFetchMessages', { topics }))).toBe('ok')
      expect(errorCode(await c.requestRaw('irn_batchFetchMessages', { topics }))).toBe(-32005)
    } finally {
      await own.close()
    }
  })
})

describe('relay delivery', () => {
  test('paged: stored messages come a page at a time, the next page only after acks', async () => {
    const own = await ownRelay({ deliveryPageSize: 10, maxUnackedPerConnection: 10, maxMessagesPerTopic: 1000 })
    try {
      const t = topic()
      const pub = await own.connect()
      for (let i = 0; i < 35; i++) await pub.request('irn_publish', { topic: t, message: `n${String(i).padStart(2, '0')}`, ttl: 300, tag: 1108 })
      const reads: number[] = []
      const pending = own.relay.store.pending.bind(own.relay.store)
      own.relay.store.pending = (clientId, topics, now, page) => {
        reads.push(page?.limit ?? -1)
        return pending(clientId, topics, now, page)
      }
      const sub = await own.connect({ autoAck: false })
      await sub.request('irn_subscribe', { topic: t })
      await sub.waitFor(() => sub.received.length === 10)
      await new Promise((r) => setTimeout(r, 300))
      expect(sub.received).toHaveLength(10)
      const ack = (from: number, to: number) =>
        sub.received.slice(from, to).forEach((r) => sub.ws.send(JSON.stringify({ id: r.id, jsonrpc: '2.0', result: true })))
      ack(0, 10)
      await sub.waitFor(() => sub.received.length === 20)
      ack(10, 20)
      await sub.waitFor(() => sub.received.length === 30)
      ack(20, 30)
      await sub.waitFor(() => sub.received.length === 35)
      // Each once (messages of the same millisecond come in hash order, so compare sorted).
      expect(sub.received.map((r) => r.params.data.message).sort()).toEqual(Array.from({ length: 35 }, (_, i) => `n${String(i).padStart(2, '0')}`))
      expect(reads.length).toBeGreaterThanOrEqual(4)
      expect(reads.every((limit) => limit === 10)).toBe(true)
    } finally {
      await own.close()
    }
  })

  test('backpressure: a socket that stops reading holds at most the high-water mark; messages wait in the mailbox and all arrive once it reads', async () => {
    const own = await ownRelay({
      sendHighWaterBytes: 128 * 1024,
      maxMessagesPerTopic: 1000,
      publishBytesPerIp: { perSecond: 1e9, burst: 1e9 },
      readBytesPerIp: { perSecond: 1e9, burst: 1e9 },
      rateLimit: { perSecond: 1000, burst: 1000 },
    })
    try {
      const t = topic()
      const sub = await own.connect()
      await sub.request('irn_subscribe', { topic: t })
      sub.ws.pause()
      const pub = await own.connect()
      let peak = 0
      for (let i = 0; i < 200; i++) {
        await pub.request('irn_publish', { topic: t, message: `${i} `.padEnd(90_000, 'p'), ttl: 300, tag: 1108 })
        peak = Math.max(peak, own.relay.bufferedBytes())
      }
      // 18 MB published; the kernel's socket buffers take a few MB, the process at most the high-water mark.
      expect(peak).toBeLessThanOrEqual(128 * 1024 + 90_000 + 1024)
      expect(own.relay.connectionCount()).toBe(2)
      sub.ws.resume()
      await sub.waitFor(() => sub.received.length === 200, 30_000)
      // Each once: no page brings back a message acked while it was read.
      await new Promise((r) => setTimeout(r, 300))
      expect(sub.received.map((r) => Number(r.params.data.message.split(' ')[0])).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i))
    } finally {
      await own.close()
    }
  }, 60_000)

  test('backpressure: a socket whose send buffer passes maxBufferedBytes is dropped (not 3000: the SDK reconnects)', async () => {
    const own = await ownRelay({
      // Deliveries no longer wait for the buffer: the hard limit is what stops them.
      sendHighWaterBytes: 1024 * 1024 * 1024,
      maxBufferedBytes: 512 * 1024,
      maxMessagesPerTopic: 1000,
      publishBytesPerIp: { perSecond: 1e9, burst: 1e9 },
      readBytesPerIp: { perSecond: 1e9, burst: 1e9 },
    })
    try {
      const t = topic()
      const sub = await own.connect()
      await sub.request('irn_subscribe', { topic: t })
      const closed = new Promise<number>((r) => sub.ws.once('close', (code) => r(code)))
      sub.ws.pause()
      const pub = await own.connect()
      for (let i = 0; i < 400 && own.relay.connectionCount() === 2; i++)
        await pub.request('irn_publish', { topic: t, message: 'q'.repeat(90_000) + i, ttl: 300, tag: 1108 })
      await until(() => own.relay.connectionCount() === 1, 10_000)
      expect(own.relay.bufferedBytes()).toBeLessThan(512 * 1024)
      sub.ws.resume()
      expect(await closed).not.toBe(3000)
    } finally {
      await own.close()
    }
  }, 60_000)

  test('inbound: 8 MB of pipelined frames on one socket are all answered and it stays open', async () => {
    const own = await ownRelay({
      maxInboundQueueBytes: 64 * 1024,
      rateLimit: { perSecond: 1e6, burst: 1e6 },
      readBytesPerIp: { perSecond: 1e9, burst: 1e9 },
    })
    try {
      const c = await own.connect()
      const t = topic()
      const replies: string[] = []
      c.ws.on('message', (d) => replies.push(d.toString()))
      const frame = (i: number) =>
        `{"id":${1e15 + i},"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${t}","message":"${'w'.repeat(200_000)}","ttl":60}}`
      for (let i = 0; i < 40; i++) c.sendText(frame(i))
      // 8 MB of frames; all are answered (-32004 each) and the socket stays open.
      await until(() => replies.length >= 40, 20_000)
      expect(replies.every((r) => errorCode(r) === -32004)).toBe(true)
      expect(c.ws.readyState).toBe(WebSocket.OPEN)
    } finally {
      await own.close()
    }
  }, 30_000)
})

describe('relay read budget', () => {
  test('an address that sends faster than its read budget is read at the budget, its sockets held open', async () => {
    const own = await ownRelay({ readBytesPerIp: { perSecond: 2 * 1024 * 1024, burst: 512 * 1024 }, rateLimit: { perSecond: 1e6, burst: 1e6 } })
    try {
      const sockets = await Promise.all([1, 2].map(() => own.connect({ localAddress: '127.0.0.8' })))
      const t = topic()
      const frame = (i: number) =>
        `{"id":${1e15 + i},"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${t}","message":"${'r'.repeat(200_000)}","ttl":60}}`
      const replies: string[] = []
      for (const c of sockets) c.ws.on('message', (d) => replies.push(d.toString()))
      const started = Date.now()
      // 4 MB from one address: 0.5 MB at once, the rest at 2 MB/s.
      for (let i = 0; i < 20; i++) sockets[i % 2]!.sendText(frame(i))
      await until(() => replies.length >= 20, 20_000)
      expect(Date.now() - started).toBeGreaterThanOrEqual(1200)
      expect(sockets.every((c) => c.ws.readyState === WebSocket.OPEN)).toBe(true)
      // Another address is read at once meanwhile.
      const other = await own.connect({ localAddress: '127.0.0.9' })
      expect(typeof (await other.request('irn_subscribe', { topic: topic() }))).toBe('string')
    } finally {
      await own.close()
    }
  }, 30_000)
})

describe('relay upgrade order', () => {
  test('the JWT is checked after the address cap, so refused sockets cost no signature check', async () => {
    const own = await ownRelay({ maxConnectionsPerIp: 1 })
    try {
      await own.connect({ localAddress: '127.0.0.7' })
      const { token } = signClientJwt(randomBytes(32))
      // Over the cap, even a broken token gets 429 (not 401): the cap is checked first.
      await expect(connectRelayClient(own.url, { localAddress: '127.0.0.7', token: `${token.slice(0, -4)}AAAA` })).rejects.toThrow('HTTP 429')
    } finally {
      await own.close()
    }
  })
})
