import type { IncomingMessage, Server as HttpServer } from 'node:http'
import type { Http2SecureServer, Http2Server } from 'node:http2'
import type { Duplex } from 'node:stream'
import { Redis } from 'ioredis'
import { WebSocketServer, type WebSocket } from 'ws'
import { z } from 'zod'
import type { ServerContext } from '../context.js'
import { projectReader } from '../projects.js'
import { localBus, redisBus, type RelayBus } from './bus.js'
import { errorFrame, parseFrame, requestFrame, resultFrame, RPC_ERRORS } from './jsonrpc.js'
import { verifyClientJwt } from './jwt.js'
import { hashMessage, redisRelayStore, sqlRelayStore, subscriptionId, type RelayStore, type StoredMessage } from './store.js'

export interface RelayOptions {
  /** The WebSocket path on the server's port. */
  path: string
  /** WebSocket ping interval; the SDK drops a socket after 35 s without one. */
  pingIntervalMs: number
  sweepIntervalMs: number
  /** Largest WebSocket frame accepted (the socket is closed with 1009 above it). */
  maxFrameBytes: number
  /** Largest `message` accepted in a publish. */
  maxMessageBytes: number
  maxTtlSeconds: number
  /** Per connection: frames per second refilled, and the burst allowed. */
  rateLimit: { perSecond: number; burst: number }
  /** How long a client's subscription is remembered without being renewed. */
  subscriptionTtlMs: number
  /** Redis key/channel prefix (instances of one deployment share it). */
  redisPrefix: string
  /** Whether the upgrade needs a projectId known to the projects table. */
  requireProject: boolean
  now: () => number
}

export const DEFAULT_RELAY_OPTIONS: RelayOptions = {
  path: '/relay',
  pingIntervalMs: 15_000,
  sweepIntervalMs: 30_000,
  maxFrameBytes: 1024 * 1024,
  maxMessageBytes: 512 * 1024,
  maxTtlSeconds: 30 * 24 * 3600,
  rateLimit: { perSecond: 50, burst: 300 },
  subscriptionTtlMs: 30 * 24 * 3600 * 1000,
  redisPrefix: 'portico:relay:',
  requireProject: true,
  now: () => Date.now(),
}

export interface Relay {
  store: RelayStore
  /** Open client sockets on this instance. */
  connectionCount(): number
  /** Runs one sweep of expired messages now. */
  sweep(): Promise<number>
  close(): Promise<void>
}

const Topic = z.string().regex(/^[0-9A-Za-z_-]{1,128}$/)
const Ttl = z.number().int().positive().optional()
const Tag = z.number().int().min(0).max(1_000_000).optional()
const Attestation = z.string().max(8192).optional()
const PublishParams = z.object({ topic: Topic, message: z.string().min(1), ttl: Ttl, tag: Tag, attestation: Attestation })
const SCHEMAS = {
  irn_subscribe: z.object({ topic: Topic }),
  irn_batchSubscribe: z.object({ topics: z.array(Topic).min(1).max(500) }),
  irn_unsubscribe: z.object({ topic: Topic, id: z.string().optional() }),
  irn_batchUnsubscribe: z.object({ subscriptions: z.array(z.object({ topic: Topic, id: z.string().optional() })).max(500) }),
  irn_publish: PublishParams,
  irn_batchPublish: z.object({ messages: z.array(PublishParams).min(1).max(100) }),
  irn_fetchMessages: z.object({ topic: Topic }),
  irn_batchFetchMessages: z.object({ topics: z.array(Topic).min(1).max(500) }),
  wc_proposeSession: z.object({
    pairingTopic: Topic,
    sessionProposal: z.string().min(1),
    ttl: Ttl,
    attestation: Attestation,
  }),
  wc_approveSession: z.object({
    sessionTopic: Topic,
    pairingTopic: Topic,
    sessionProposalResponse: z.string().min(1),
    sessionSettlementRequest: z.string().min(1),
    ttl: Ttl,
  }),
} as const
type Method = keyof typeof SCHEMAS

/** Tags the relay uses for the messages it publishes on behalf of wc_* methods (see the notes). */
const TAG = { proposal: 1100, proposalResponse: 1101, settle: 1102 } as const
const DEFAULT_TTL_S = 300

class RelayError extends Error {
  constructor(
    readonly rpc: { code: number; message: string },
    detail?: string,
  ) {
    super(detail ?? rpc.message)
  }
}

interface Connection {
  ws: WebSocket
  clientId: string
  topics: Set<string>
  /** Relay-originated request id → the message awaiting the client's ack. */
  inflight: Map<number, StoredMessage>
  /** `topic hash` of messages sent on this socket and not yet acked (no double delivery). */
  sent: Set<string>
  nextId: number
  tokens: number
  refilledAt: number
  alive: boolean
  /** Frames are handled one after another per connection. */
  queue: Promise<void>
}

/**
 * Starts Portico's WalletConnect v2 compatible relay on `httpServer`'s 'upgrade' event at /relay.
 * State lives in the database (or Redis when ctx.config.redisUrl is set); cleanup is registered
 * with ctx.onClose.
 */
export async function startRelay(
  ctx: ServerContext,
  httpServer: HttpServer | Http2Server | Http2SecureServer,
  overrides: Partial<RelayOptions> = {},
): Promise<Relay> {
  const opts: RelayOptions = { ...DEFAULT_RELAY_OPTIONS, ...overrides }
  const now = opts.now
  let store: RelayStore
  let bus: RelayBus
  const redisClients: Redis[] = []
  if (ctx.config.redisUrl) {
    const redis = new Redis(ctx.config.redisUrl, { maxRetriesPerRequest: 3, enableOfflineQueue: true })
    const subscriber = redis.duplicate()
    redisClients.push(redis, subscriber)
    redis.on('error', (e) => ctx.log('relay redis:', e.message))
    subscriber.on('error', (e) => ctx.log('relay redis subscriber:', e.message))
    store = redisRelayStore(redis, opts.redisPrefix)
    bus = await redisBus(redis, subscriber, `${opts.redisPrefix}bus`)
  } else {
    store = sqlRelayStore(ctx.db)
    bus = localBus()
  }

  const byTopic = new Map<string, Set<Connection>>()
  const connections = new Set<Connection>()
  const readProject = projectReader(ctx)
  let closing = false

  // PORTICO_RELAY_DEBUG=1 logs every frame (shortened) with the client id's tail.
  const debug = process.env.PORTICO_RELAY_DEBUG ? (conn: Connection, dir: string, text: string) =>
    ctx.log(`relay ${conn.clientId.slice(-6)} ${dir} ${text.length > 300 ? `${text.slice(0, 300)}…` : text}`) : undefined
  const send = (conn: Connection, text: string) => {
    debug?.(conn, '<-', text)
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(text)
  }

  const index = (conn: Connection, topic: string) => {
    conn.topics.add(topic)
    let set = byTopic.get(topic)
    if (!set) byTopic.set(topic, (set = new Set()))
    set.add(conn)
  }
  const unindex = (conn: Connection, topic: string) => {
    conn.topics.delete(topic)
    const set = byTopic.get(topic)
    set?.delete(conn)
    if (set?.size === 0) byTopic.delete(topic)
  }

  const deliver = (conn: Connection, m: StoredMessage) => {
    if (m.publisher === conn.clientId || m.expiresAt <= now()) return
    const key = `${m.topic} ${m.hash}`
    if (conn.sent.has(key) || conn.inflight.size >= 5000) return
    conn.sent.add(key)
    const id = conn.nextId++
    conn.inflight.set(id, m)
    const data: Record<string, unknown> = { topic: m.topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag }
    if (m.attestation) data.attestation = m.attestation
    send(conn, requestFrame(id, 'irn_subscription', { id: subscriptionId(m.topic, conn.clientId), data }))
  }

  bus.onMessage((m) => {
    for (const conn of byTopic.get(m.topic) ?? []) deliver(conn, m)
  })

  const publish = async (publisher: string, p: { topic: string; message: string; ttl?: number; tag?: number; attestation?: string }) => {
    if (Buffer.byteLength(p.message) > opts.maxMessageBytes) throw new RelayError(RPC_ERRORS.tooLarge)
    const ttl = Math.min(p.ttl ?? DEFAULT_TTL_S, opts.maxTtlSeconds)
    const publishedAt = now()
    const m: StoredMessage = {
      topic: p.topic,
      hash: hashMessage(p.message),
      message: p.message,
      tag: p.tag ?? 0,
      ttlSeconds: ttl,
      publisher,
      ...(p.attestation ? { attestation: p.attestation } : {}),
      publishedAt,
      expiresAt: publishedAt + ttl * 1000,
    }
    // A retried publish of the same message is stored and fanned out once.
    if (await store.put(m)) await bus.publish(m)
  }

  const subscribe = async (conn: Connection, topics: string[]) => {
    const ids: string[] = []
    for (const topic of topics) {
      index(conn, topic)
      ids.push(subscriptionId(topic, conn.clientId))
      await store.subscribe(conn.clientId, topic, ids.at(-1)!, now() + opts.subscriptionTtlMs)
    }
    return ids
  }
  const deliverPending = async (conn: Connection, topics: string[]) => {
    for (const m of await store.pending(conn.clientId, topics, now())) deliver(conn, m)
  }

  const handle = async (conn: Connection, method: Method, params: unknown): Promise<{ result: unknown; after?: () => Promise<void> }> => {
    const parsed = SCHEMAS[method].safeParse(params)
    if (!parsed.success) throw new RelayError(RPC_ERRORS.invalidParams, parsed.error.issues[0]?.message)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each case reads the fields its schema checked
    const p = parsed.data as Record<string, any>
    switch (method) {
      case 'irn_subscribe': {
        const [id] = await subscribe(conn, [p.topic])
        return { result: id, after: () => deliverPending(conn, [p.topic]) }
      }
      case 'irn_batchSubscribe': {
        const topics = [...new Set<string>(p.topics)]
        const ids = await subscribe(conn, topics)
        return { result: (p.topics as string[]).map((t) => ids[topics.indexOf(t)]), after: () => deliverPending(conn, topics) }
      }
      case 'irn_unsubscribe':
      case 'irn_batchUnsubscribe': {
        const subs: { topic: string }[] = method === 'irn_unsubscribe' ? [{ topic: p.topic }] : p.subscriptions
        for (const { topic } of subs) {
          unindex(conn, topic)
          await store.unsubscribe(conn.clientId, topic)
        }
        return { result: true }
      }
      case 'irn_publish':
        await publish(conn.clientId, p as z.infer<typeof PublishParams>)
        return { result: true }
      case 'irn_batchPublish':
        for (const m of p.messages) await publish(conn.clientId, m)
        return { result: true }
      case 'irn_fetchMessages':
      case 'irn_batchFetchMessages': {
        const topics: string[] = method === 'irn_fetchMessages' ? [p.topic] : p.topics
        const pending = await store.pending(conn.clientId, topics, now())
        // Handed over in a reply: they count as delivered to this client.
        for (const m of pending) await store.ack(conn.clientId, m.topic, m.hash, m.expiresAt)
        const messages = pending.map((m) => ({
          topic: m.topic,
          message: m.message,
          publishedAt: m.publishedAt,
          tag: m.tag,
          ...(m.attestation ? { attestation: m.attestation } : {}),
        }))
        return { result: { messages, hasMore: false } }
      }
      case 'wc_proposeSession': {
        await subscribe(conn, [p.pairingTopic])
        await publish(conn.clientId, {
          topic: p.pairingTopic,
          message: p.sessionProposal,
          ttl: p.ttl ?? DEFAULT_TTL_S,
          tag: TAG.proposal,
          attestation: p.attestation,
        })
        return { result: true, after: () => deliverPending(conn, [p.pairingTopic]) }
      }
      case 'wc_approveSession': {
        await subscribe(conn, [p.sessionTopic])
        const ttl = p.ttl ?? DEFAULT_TTL_S
        await publish(conn.clientId, { topic: p.pairingTopic, message: p.sessionProposalResponse, ttl, tag: TAG.proposalResponse })
        await publish(conn.clientId, { topic: p.sessionTopic, message: p.sessionSettlementRequest, ttl, tag: TAG.settle })
        return { result: true, after: () => deliverPending(conn, [p.sessionTopic]) }
      }
    }
  }

  const takeToken = (conn: Connection) => {
    const t = now()
    conn.tokens = Math.min(opts.rateLimit.burst, conn.tokens + ((t - conn.refilledAt) / 1000) * opts.rateLimit.perSecond)
    conn.refilledAt = t
    conn.tokens -= 1
    return conn.tokens >= 0
  }

  const onFrame = async (conn: Connection, text: string) => {
    const frame = parseFrame(text)
    switch (frame.kind) {
      case 'response': {
        const id = typeof frame.id === 'number' ? frame.id : Number(frame.id)
        const m = conn.inflight.get(id)
        if (!m) return
        conn.inflight.delete(id)
        conn.sent.delete(`${m.topic} ${m.hash}`)
        if (frame.ok) await store.ack(conn.clientId, m.topic, m.hash, m.expiresAt)
        return
      }
      case 'invalid':
        send(conn, errorFrame(frame.idRaw, { code: frame.code, message: frame.message }))
        return
      case 'notification':
        return
      case 'request': {
        if (!takeToken(conn)) {
          send(conn, errorFrame(frame.idRaw, RPC_ERRORS.rateLimited))
          // Far beyond the limit: policy close (1008), which the SDK reconnects from (unlike 3000).
          if (conn.tokens < -opts.rateLimit.burst) conn.ws.close(1008, 'rate limit')
          return
        }
        if (!(frame.method in SCHEMAS)) {
          send(conn, errorFrame(frame.idRaw, RPC_ERRORS.methodNotFound))
          return
        }
        try {
          const { result, after } = await handle(conn, frame.method as Method, frame.params)
          send(conn, resultFrame(frame.idRaw, result))
          await after?.()
        } catch (error) {
          if (error instanceof RelayError) send(conn, errorFrame(frame.idRaw, { ...error.rpc, data: error.message }))
          else {
            if (!closing) ctx.log('relay: request failed', frame.method, error)
            send(conn, errorFrame(frame.idRaw, RPC_ERRORS.internal))
          }
        }
      }
    }
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxFrameBytes, perMessageDeflate: false })

  const clientIds = new WeakMap<IncomingMessage, string>()
  wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    const clientId = clientIds.get(req)
    if (!clientId) return ws.terminate()
    const conn: Connection = {
      ws,
      clientId,
      topics: new Set(),
      inflight: new Map(),
      sent: new Set(),
      nextId: 1,
      tokens: opts.rateLimit.burst,
      refilledAt: now(),
      alive: true,
      queue: Promise.resolve(),
    }
    connections.add(conn)
    ws.on('pong', () => void (conn.alive = true))
    ws.on('error', () => undefined)
    ws.on('message', (data, isBinary) => {
      conn.alive = true
      const text = isBinary ? null : data.toString()
      if (text !== null) debug?.(conn, '->', text)
      conn.queue = conn.queue.then(async () => {
        if (text === null) send(conn, errorFrame(null, RPC_ERRORS.invalidRequest))
        else await onFrame(conn, text)
      }).catch((error) => {
        if (!closing) ctx.log('relay: frame failed', error)
      })
    })
    ws.on('close', () => {
      connections.delete(conn)
      for (const topic of [...conn.topics]) unindex(conn, topic)
    })
    // Live delivery resumes at once for the client's remembered topics; its stored messages follow
    // when it re-subscribes (the SDK sends irn_batchSubscribe on every connect).
    conn.queue = conn.queue
      .then(async () => {
        for (const topic of await store.subscriptions(clientId, now())) if (ws.readyState === ws.OPEN) index(conn, topic)
      })
      .catch(() => undefined)
  })

  const reject = (socket: Duplex, status: number, reason: string) => {
    if (socket.destroyed) return
    const body = JSON.stringify({ error: reason })
    socket.end(
      `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : status === 404 ? 'Not Found' : 'Bad Request'}\r\n` +
        `Connection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    )
  }

  const onUpgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined)
    let url: URL
    try {
      url = new URL(req.url ?? '/', 'http://relay.local')
    } catch {
      return reject(socket, 400, 'Bad URL')
    }
    if (url.pathname !== opts.path && url.pathname !== `${opts.path}/`) {
      // Another upgrade listener may own this path.
      if ((httpServer as HttpServer).listenerCount('upgrade') === 1) reject(socket, 404, 'Not Found')
      return
    }
    if (closing) return reject(socket, 400, 'Shutting down')
    const auth = url.searchParams.get('auth') ?? req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? ''
    const verified = verifyClientJwt(auth, now())
    if (!verified.ok) return reject(socket, 401, `Unauthorized: ${verified.reason}`)
    if (opts.requireProject) {
      const projectId = url.searchParams.get('projectId')
      if (!projectId) return reject(socket, 401, 'Project ID Missing')
      const project = await readProject(projectId).catch(() => null)
      if (!project) return reject(socket, 403, 'Unknown projectId')
    }
    if (socket.destroyed) return
    clientIds.set(req, verified.clientId)
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
  }
  const upgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void onUpgrade(req, socket, head)
  httpServer.on('upgrade', upgradeListener)

  const pinger = setInterval(() => {
    for (const conn of connections) {
      if (!conn.alive) {
        conn.ws.terminate()
        continue
      }
      conn.alive = false
      try {
        conn.ws.ping()
      } catch {
        /* closed meanwhile */
      }
    }
  }, opts.pingIntervalMs)
  pinger.unref()
  const sweep = () => store.sweep(now())
  const sweeper = setInterval(() => {
    sweep().catch((error) => ctx.log('relay: sweep failed', error))
  }, opts.sweepIntervalMs)
  sweeper.unref()

  const relay: Relay = {
    store,
    connectionCount: () => connections.size,
    sweep,
    async close() {
      if (closing) return
      closing = true
      clearInterval(pinger)
      clearInterval(sweeper)
      httpServer.off('upgrade', upgradeListener)
      // 1001 'going away': clients reconnect (never 3000, which the SDK treats as fatal).
      const open = [...connections]
      const closed = open.map(
        (conn) =>
          new Promise<void>((resolve) => {
            conn.ws.once('close', () => resolve())
            conn.ws.close(1001, 'relay restarting')
            setTimeout(() => {
              conn.ws.terminate()
              resolve()
            }, 1000).unref()
          }),
      )
      await Promise.all(closed)
      await Promise.all(open.map((c) => c.queue))
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await bus.close()
      await Promise.all(redisClients.map((r) => r.quit().catch(() => r.disconnect())))
    },
  }
  ctx.onClose(() => relay.close())
  return relay
}
