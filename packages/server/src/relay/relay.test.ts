import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import type { ServerContext } from '../context.js'
import { startTestServer } from '../testing.js'
import { signClientJwt } from './jwt.js'
import { startRelay, type RelayOptions } from './relay.js'
import { sqlRelayStore } from './sqlStore.js'
import { hashMessage, subscriptionId } from './store.js'
import { connectRelayClient, startTestRedis, type RelayTestClient } from './testing.js'

let server: Awaited<ReturnType<typeof startTestServer>>
let relayUrl: string
const clients: RelayTestClient[] = []
const connect = async (opts: Parameters<typeof connectRelayClient>[1] = {}, url = relayUrl) => {
  const c = await connectRelayClient(url, opts)
  clients.push(c)
  return c
}
const topic = () => randomBytes(32).toString('hex')
const seedId = (seed: Uint8Array) => signClientJwt(seed).clientId
async function pollUntil(check: () => Promise<boolean>, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error('pollUntil timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

beforeAll(async () => {
  server = await startTestServer({ indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 0 } })
  relayUrl = `${server.url.replace('http', 'ws')}/relay`
}, 60_000)
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await server?.close()
})

/** HTTP status of a refused upgrade. */
function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0)
      ws.terminate()
    })
    ws.once('open', () => {
      resolve(101)
      ws.close()
    })
    ws.once('error', (e) => (e.message.includes('Unexpected server response') ? undefined : reject(e)))
  })
}

describe('relay upgrade', () => {
  test('auth: good token 101, bad or missing 401, unknown project 403, other paths 404', async () => {
    const { token } = signClientJwt(randomBytes(32))
    expect(await upgradeStatus(`${relayUrl}?auth=${token}&projectId=portico-dev`)).toBe(101)
    expect(await upgradeStatus(`${relayUrl}?projectId=portico-dev`)).toBe(401)
    expect(await upgradeStatus(`${relayUrl}?auth=${token.slice(0, -4)}AAAA&projectId=portico-dev`)).toBe(401)
    const expired = signClientJwt(randomBytes(32), { iat: Math.floor(Date.now() / 1000) - 3 * 86_400 })
    expect(await upgradeStatus(`${relayUrl}?auth=${expired.token}&projectId=portico-dev`)).toBe(401)
    expect(await upgradeStatus(`${relayUrl}?auth=${token}&projectId=nope`)).toBe(403)
    expect(await upgradeStatus(`${relayUrl.replace('/relay', '/other')}?auth=${token}&projectId=portico-dev`)).toBe(404)
    // The HTTP API still answers beside the relay.
    expect((await fetch(`${server.url}/health`)).status).toBe(200)
  })
})

describe('relay protocol', () => {
  test('19-digit request ids are echoed exactly, as numbers or strings', async () => {
    const c = await connect()
    const reply = await c.requestRaw('irn_subscribe', { topic: topic() }, '1718000000000999999')
    expect(reply.startsWith('{"id":1718000000000999999,')).toBe(true)
    const quoted = await c.requestRaw('irn_unsubscribe', { topic: topic() }, '"1718000000000999998"')
    expect(quoted).toBe('{"id":"1718000000000999998","jsonrpc":"2.0","result":true}')
  })

  test('malformed frames get JSON-RPC errors and the socket stays open', async () => {
    const c = await connect()
    const errors: string[] = []
    c.ws.on('message', (d) => errors.push(d.toString()))
    c.sendText('{not json')
    c.sendText('[]')
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true })
    expect(JSON.parse(await c.requestRaw('nope_method', {}))).toMatchObject({ error: { code: -32601 } })
    // Dispatched by own method names only: Object.prototype's members are no methods.
    for (const inherited of ['toString', 'constructor', '__proto__'])
      expect(JSON.parse(await c.requestRaw(inherited, {}))).toMatchObject({ error: { code: -32601 } })
    expect(JSON.parse(await c.requestRaw('irn_publish', { topic: 'bad topic!', message: 'x' }))).toMatchObject({ error: { code: -32602 } })
    expect(JSON.parse(await c.requestRaw('irn_subscribe', null))).toMatchObject({ error: { code: -32602 } })
    await c.waitFor(() => errors.filter((e) => e.includes('"id":null')).length >= 3)
    expect(errors.filter((e) => e.includes('"id":null')).map((e) => JSON.parse(e).error.code)).toEqual([-32700, -32600, -32600])
    expect(typeof (await c.request('irn_subscribe', { topic: topic() }))).toBe('string')
  })

  test('mailbox: later subscribers get stored messages, never the publisher; acks by client id survive reconnects', async () => {
    const t = topic()
    const alice = await connect()
    await alice.request('irn_subscribe', { topic: t })
    expect(await alice.request('irn_publish', { topic: t, message: 'm1', ttl: 300, tag: 1108 })).toBe(true)

    const bobSeed = randomBytes(32)
    const bob = await connect({ seed: bobSeed })
    const subId = await bob.request<string>('irn_subscribe', { topic: t })
    expect(subId).toBe(subscriptionId(t, bob.clientId))
    const got = await bob.waitFor(() => bob.received.find((r) => r.params.data.message === 'm1'))
    expect(got.params).toMatchObject({ id: subId, data: { topic: t, message: 'm1', tag: 1108 } })
    expect(typeof got.id).toBe('number')
    // Acked (autoAck) → after a reconnect under the same identity, nothing is redelivered.
    await pollUntil(async () => (await server.db.query('select 1 from relay_acks where client_id = $1', [bob.clientId])).length === 1)
    await bob.close()
    await alice.request('irn_publish', { topic: t, message: 'm2', ttl: 300, tag: 1108 })
    const bob2 = await connect({ seed: bobSeed })
    await bob2.request('irn_batchSubscribe', { topics: [t] })
    await bob2.waitFor(() => bob2.received.find((r) => r.params.data.message === 'm2'))
    expect(bob2.received.map((r) => r.params.data.message)).toEqual(['m2'])
    // Live delivery, and still no echo to the publisher.
    await alice.request('irn_publish', { topic: t, message: 'm3', ttl: 300, tag: 1108 })
    await bob2.waitFor(() => bob2.received.find((r) => r.params.data.message === 'm3'))
    expect(alice.received).toEqual([])
  })

  test('unacknowledged messages are delivered again after a reconnect', async () => {
    const t = topic()
    const seed = randomBytes(32)
    const pub = await connect()
    await pub.request('irn_publish', { topic: t, message: 'keep', ttl: 300, tag: 1 })
    const lazy = await connect({ seed, autoAck: false })
    await lazy.request('irn_subscribe', { topic: t })
    await lazy.waitFor(() => lazy.received.length === 1)
    await lazy.close()
    const again = await connect({ seed })
    await again.request('irn_subscribe', { topic: t })
    await again.waitFor(() => again.received.find((r) => r.params.data.message === 'keep'))
    // The ack lands in the database under the client id; then nothing is left to fetch.
    await pollUntil(async () => (await server.db.query('select 1 from relay_acks where client_id = $1', [seedId(seed)])).length === 1)
    expect(await again.request('irn_fetchMessages', { topic: t })).toEqual({ messages: [], hasMore: false })
  })

  test('wc_proposeSession and wc_approveSession publish with tags 1100/1101/1102 and subscribe the caller', async () => {
    const pairing = topic()
    const session = topic()
    const dapp = await connect()
    await dapp.request('irn_subscribe', { topic: pairing })
    expect(await dapp.request('wc_proposeSession', { pairingTopic: pairing, sessionProposal: 'proposal', ttl: 300 })).toBe(true)
    const wallet = await connect()
    await wallet.request('irn_subscribe', { topic: pairing })
    const proposal = await wallet.waitFor(() => wallet.received.find((r) => r.params.data.tag === 1100))
    expect(proposal.params.data).toMatchObject({ topic: pairing, message: 'proposal' })
    expect(
      await wallet.request('wc_approveSession', {
        sessionTopic: session,
        pairingTopic: pairing,
        sessionProposalResponse: 'response',
        sessionSettlementRequest: 'settle',
        ttl: 300,
      }),
    ).toBe(true)
    const response = await dapp.waitFor(() => dapp.received.find((r) => r.params.data.tag === 1101))
    expect(response.params.data).toMatchObject({ topic: pairing, message: 'response' })
    // The dapp subscribes to the session topic after the settlement was published: the mailbox has it.
    await dapp.request('irn_subscribe', { topic: session })
    const settle = await dapp.waitFor(() => dapp.received.find((r) => r.params.data.tag === 1102))
    expect(settle.params.data).toMatchObject({ topic: session, message: 'settle' })
    // The wallet was subscribed to the session topic implicitly.
    await dapp.request('irn_publish', { topic: session, message: 'request', ttl: 900, tag: 1108 })
    await wallet.waitFor(() => wallet.received.find((r) => r.params.data.message === 'request'))
    expect(wallet.received.some((r) => r.params.data.tag === 1101 || r.params.data.tag === 1102)).toBe(false)
  })

  test('messages are kept in the database until their ttl, then swept', async () => {
    const t = topic()
    const c = await connect()
    await c.request('irn_publish', { topic: t, message: 'ephemeral', ttl: 1, tag: 1 })
    const [row] = await server.db.query<{ message_hash: string; publisher: string; expires_at: string }>('select * from relay_messages where topic = $1', [t])
    expect(row).toMatchObject({ message_hash: hashMessage('ephemeral'), publisher: c.clientId })
    const late = await connect()
    await pollUntil(async () => Date.now() > Number(row!.expires_at))
    await late.request('irn_subscribe', { topic: t })
    expect(await late.request('irn_fetchMessages', { topic: t })).toEqual({ messages: [], hasMore: false })
    expect(await sqlRelayStore(server.db).sweep(Date.now())).toBeGreaterThanOrEqual(1)
    expect(await server.db.query('select 1 from relay_messages where topic = $1', [t])).toEqual([])
  })
})

/** A relay on its own HTTP server, sharing the test server's database, with options. */
async function ownRelay(options: Partial<RelayOptions>, ctxOverrides: Partial<ServerContext> = {}) {
  const http: Server = createServer((_req, res) => res.writeHead(404).end())
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()))
  const closers: Array<() => Promise<void> | void> = []
  const ctx: ServerContext = { ...server.ctx, onClose: (fn) => void closers.push(fn), ...ctxOverrides }
  const relay = await startRelay(ctx, http, options)
  return {
    url: `ws://127.0.0.1:${(http.address() as { port: number }).port}/relay`,
    relay,
    async close() {
      for (const fn of closers.reverse()) await fn()
      await new Promise<void>((r) => http.close(() => r()))
    },
  }
}

describe('relay limits and keep-alive', () => {
  test('per-connection rate limit answers -32005', async () => {
    const own = await ownRelay({ rateLimit: { perSecond: 1, burst: 5 } })
    try {
      const c = await connect({}, own.url)
      const replies = await Promise.all(Array.from({ length: 8 }, () => c.requestRaw('irn_subscribe', { topic: topic() })))
      const codes = replies.map((r) => JSON.parse(r).error?.code ?? 'ok')
      expect(codes.filter((x) => x === 'ok').length).toBe(5)
      expect(codes.filter((x) => x === -32005).length).toBe(3)
    } finally {
      await own.close()
    }
  })

  test('oversized messages are refused; pings are sent on the interval; shutdown closes with 1012 (service restart)', async () => {
    const own = await ownRelay({ pingIntervalMs: 50, maxMessageBytes: 1000 })
    const c = await connect({}, own.url)
    const reply = JSON.parse(await c.requestRaw('irn_publish', { topic: topic(), message: 'x'.repeat(2000), ttl: 60, tag: 1 }))
    expect(reply.error.code).toBe(-32004)
    let pings = 0
    c.ws.on('ping', () => pings++)
    await c.waitFor(() => pings >= 2, 3000)
    const closed = new Promise<number>((r) => c.ws.once('close', (code) => r(code)))
    await own.close()
    expect(await closed).toBe(1012)
  })
})

const redis = await startTestRedis().catch(() => null)
if (!redis) console.warn('redis-server not found: skipping the multi-instance relay test (apt-get install redis-server)')
describe.skipIf(!redis)('two relay instances through Redis', () => {
  afterAll(() => redis?.stop())
  test('live delivery does not wait for the mailbox; late subscribers, acks and retries wait for it', async () => {
    // The mailbox's insert is held until `release`: the database is slow.
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const db: ServerContext['db'] = {
      ...server.ctx.db,
      query: async (sql, params) => {
        if (sql.includes('insert into relay_messages')) await gate
        return server.ctx.db.query(sql, params)
      },
    }
    const own = await ownRelay({ retainAfterAckSeconds: 5 }, { db })
    try {
      const t = topic()
      const pub = await connect({}, own.url)
      const early = await connect({}, own.url)
      await early.request('irn_subscribe', { topic: t })
      let answered = false
      const published = pub.request('irn_publish', { topic: t, message: 'fast', ttl: 300, tag: 1 }).finally(() => (answered = true))
      await early.waitFor(() => early.received.find((r) => r.params.data.message === 'fast'))
      // Delivered while the publisher still waits: its answer says the message is stored.
      expect(answered).toBe(false)
      // A subscriber that arrives meanwhile, and a retried publish of the same message.
      const late = await connect({}, own.url)
      await late.request('irn_subscribe', { topic: t })
      const retried = pub.request('irn_publish', { topic: t, message: 'fast', ttl: 300, tag: 1 })
      await new Promise((r) => setTimeout(r, 200))
      // The early subscriber's ack waits for the row it shortens.
      expect(await server.db.query('select 1 from relay_acks where client_id = $1', [early.clientId])).toEqual([])
      release()
      expect(await published).toBe(true)
      expect(await retried).toBe(true)
      await late.waitFor(() => late.received.find((r) => r.params.data.message === 'fast'))
      await pollUntil(async () => (await server.db.query('select 1 from relay_acks where client_id = $1', [early.clientId])).length === 1)
      const [row] = await server.db.query<{ expires_at: string }>('select expires_at from relay_messages where topic = $1', [t])
      expect(Number(row!.expires_at)).toBeLessThan(Date.now() + 10_000)
      await new Promise((r) => setTimeout(r, 200))
      expect(early.received.filter((r) => r.params.data.topic === t)).toHaveLength(1)
      expect(late.received.filter((r) => r.params.data.topic === t)).toHaveLength(1)
      expect(pub.received).toEqual([])
    } finally {
      release()
      await own.close()
    }
  })

  test('a publish on instance A reaches a subscriber on instance B, stored messages too', async () => {
    const config = { ...server.ctx.config, redisUrl: redis!.url }
    const a = await ownRelay({ redisPrefix: 'two:' }, { config })
    const b = await ownRelay({ redisPrefix: 'two:' }, { config })
    try {
      const t = topic()
      const onA = await connect({}, a.url)
      await onA.request('irn_publish', { topic: t, message: 'stored-first', ttl: 60, tag: 1 })
      const onB = await connect({}, b.url)
      await onB.request('irn_subscribe', { topic: t })
      await onB.waitFor(() => onB.received.find((r) => r.params.data.message === 'stored-first'))
      await onA.request('irn_publish', { topic: t, message: 'live', ttl: 60, tag: 1 })
      await onB.waitFor(() => onB.received.find((r) => r.params.data.message === 'live'))
      expect(onA.received).toEqual([])
      // Nothing in the SQL tables: Redis holds the mailbox in this mode.
      expect(await server.db.query('select 1 from relay_messages where topic = $1', [t])).toEqual([])
    } finally {
      await a.close()
      await b.close()
    }
  })
})
