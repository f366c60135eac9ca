import type { IncomingMessage, Server as HttpServer } from 'node:http'
import type { Http2SecureServer, Http2Server } from 'node:http2'
import type { Duplex } from 'node:stream'
import { Redis } from 'ioredis'
import { WebSocketServer, type WebSocket } from 'ws'
import { z } from 'zod'
import type { ServerContext } from '../context.js'
import { projectReader } from '../projects.js'
import { localBus, redisBus, type RelayBus } from './bus.js'
import { RelayConnection, type InflightMessage } from './connection.js'
import { errorFrame, parseFrame, requestFrame, resultFrame, RPC_ERRORS } from './jsonrpc.js'
import { verifyClientJwt } from './jwt.js'
import { clientAddressKey, ConnectionCaps, DEFAULT_RELAY_LIMITS, type RelayLimits } from './limits.js'
import {
  hashMessage,
  redisRelayStore,
  sqlRelayStore,
  subscriptionId,
  type MessageCursor,
  type RelayStore,
  type StoredMessage,
} from './store.js'

export interface RelayOptions extends RelayLimits {
  /** The WebSocket path on the server's port. */
  path: string
  /** WebSocket ping interval; the SDK drops a socket after 35 s without one. */
  pingIntervalMs: number
  sweepIntervalMs: number
  /** How long a client's subscription is remembered without being renewed. */
  subscriptionTtlMs: number
  /** Redis key/channel prefix (instances of one deployment share it). */
  redisPrefix: string
  /** Whether the upgrade needs a projectId known to the projects table. */
  requireProject: boolean
  now: () => number
}

export const DEFAULT_RELAY_OPTIONS: RelayOptions = {
  ...DEFAULT_RELAY_LIMITS,
  path: '/relay',
  pingIntervalMs: 15_000,
  sweepIntervalMs: 30_000,
  subscriptionTtlMs: 30 * 24 * 3600 * 1000,
  redisPrefix: 'portico:relay:',
  requireProject: true,
  now: () => Date.now(),
}

export interface Relay {
  store: RelayStore
  /** The options in force (defaults, then the server config's `relay`, then overrides). */
  limits: RelayOptions
  /** Open client sockets on this instance. */
  connectionCount(): number
  /** Sockets open or being opened from an address key (see clientAddressKey). */
  connectionsFrom(address: string): number
  /** Bytes waiting in this instance's socket send buffers, all sockets together. */
  bufferedBytes(): number
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

/** Request tokens a frame costs: batches pay for their items, so 500 topics are not the price of one. */
function requestCost(params: unknown): number {
  const p = (params ?? {}) as Record<string, unknown>
  const items = [p.topics, p.messages, p.subscriptions].find(Array.isArray) as unknown[] | undefined
  return 1 + Math.floor((items?.length ?? 0) / 10)
}

/** Bytes an irn_subscription frame adds around its message. */
const FRAME_OVERHEAD = 512

/**
 * Starts Portico's WalletConnect v2 compatible relay on `httpServer`'s 'upgrade' event at /relay.
 * State lives in the database (or Redis when ctx.config.redisUrl is set); cleanup is registered
 * with ctx.onClose. Limits: DEFAULT_RELAY_LIMITS, then ctx.config.relay, then `overrides`.
 */
export async function startRelay(
  ctx: ServerContext,
  httpServer: HttpServer | Http2Server | Http2SecureServer,
  overrides: Partial<RelayOptions> = {},
): Promise<Relay> {
  const opts: RelayOptions = { ...DEFAULT_RELAY_OPTIONS, ...ctx.config.relay, ...overrides }
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

  const byTopic = new Map<string, Set<RelayConnection>>()
  const connections = new Set<RelayConnection>()
  const caps = new ConnectionCaps(opts, now)
  const readProject = projectReader(ctx)
  let closing = false
  const logUnlessClosing = (what: string) => (error: unknown) => {
    if (!closing) ctx.log(what, error)
  }

  // PORTICO_RELAY_DEBUG=1 logs every frame (shortened) with the client id's tail.
  const debugFor = (clientId: string) =>
    process.env.PORTICO_RELAY_DEBUG
      ? (dir: string, text: string) => ctx.log(`relay ${clientId.slice(-6)} ${dir} ${text.length > 300 ? `${text.slice(0, 300)}…` : text}`)
      : undefined

  const index = (conn: RelayConnection, topic: string) => {
    conn.topics.add(topic)
    let set = byTopic.get(topic)
    if (!set) byTopic.set(topic, (set = new Set()))
    set.add(conn)
  }
  const unindex = (conn: RelayConnection, topic: string) => {
    conn.topics.delete(topic)
    conn.backlog.delete(topic)
    const set = byTopic.get(topic)
    set?.delete(conn)
    if (set?.size === 0) byTopic.delete(topic)
  }

  /** 'wait': no room on this socket now; the message stays in the mailbox for the delivery pump. */
  const deliver = (conn: RelayConnection, m: StoredMessage): 'sent' | 'skipped' | 'wait' => {
    if (m.publisher === conn.clientId || m.expiresAt <= now()) return 'skipped'
    const key = `${m.topic} ${m.hash}`
    if (conn.sent.has(key)) return 'skipped'
    if (!conn.hasRoom(m.message.length + FRAME_OVERHEAD)) return 'wait'
    const id = conn.nextId++
    const data: Record<string, unknown> = { topic: m.topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag }
    if (m.attestation) data.attestation = m.attestation
    if (!conn.send(requestFrame(id, 'irn_subscription', { id: subscriptionId(m.topic, conn.clientId), data }))) return 'skipped'
    conn.sent.add(key)
    conn.inflight.set(id, { topic: m.topic, hash: m.hash, publishedAt: m.publishedAt, expiresAt: m.expiresAt })
    return 'sent'
  }

  /**
   * Delivers the stored messages of the connection's backlog topics a page at a time, each page only
   * once the previous one is mostly acknowledged and the socket's send buffer has drained: a client
   * with a full mailbox costs one page of memory, not the whole mailbox.
   */
  const pump = async (conn: RelayConnection) => {
    if (conn.pumping) return
    conn.pumping = true
    try {
      while (conn.open && conn.backlog.size > 0) {
        const topics = [...conn.backlog].filter((t) => conn.topics.has(t))
        conn.backlog.clear()
        let after: MessageCursor | undefined
        while (conn.open && topics.length > 0) {
          await conn.waitForRoom()
          if (!conn.open) return
          conn.reading++
          const page = await store.pending(conn.clientId, topics, now(), { after, limit: opts.deliveryPageSize }).finally(() => conn.reading--)
          // An ack that landed while the page was read: that message was delivered already.
          const acked = new Set(conn.ackedWhileReading)
          if (conn.reading === 0) conn.ackedWhileReading.clear()
          let waiting = false
          for (const m of page) {
            if (acked.has(`${m.topic} ${m.hash}`)) {
              after = { publishedAt: m.publishedAt, hash: m.hash }
              continue
            }
            if (deliver(conn, m) === 'wait') {
              waiting = true
              break
            }
            after = { publishedAt: m.publishedAt, hash: m.hash }
          }
          if (!waiting && page.length < opts.deliveryPageSize) break
        }
      }
    } finally {
      conn.pumping = false
    }
  }
  const schedule = (conn: RelayConnection, topics: readonly string[]) => {
    for (const t of topics) conn.backlog.add(t)
    void pump(conn).catch(logUnlessClosing('relay: delivery failed'))
  }

  bus.onMessage((m) => {
    for (const conn of byTopic.get(m.topic) ?? []) if (deliver(conn, m) === 'wait') schedule(conn, [m.topic])
  })

  type PublishInput = { topic: string; message: string; ttl?: number; tag?: number; attestation?: string }
  /** Size first, then the address's byte budget, for all the messages of one request together. */
  const admitPublish = (conn: RelayConnection, messages: readonly string[]) => {
    let bytes = 0
    for (const message of messages) {
      const size = Buffer.byteLength(message)
      if (size > opts.maxMessageBytes) throw new RelayError(RPC_ERRORS.tooLarge, `message over ${opts.maxMessageBytes} bytes`)
      bytes += size
    }
    if (!caps.takePublishBytes(conn.address, bytes)) throw new RelayError(RPC_ERRORS.rateLimited, 'publish bytes per address')
  }
  const publish = async (conn: RelayConnection, p: PublishInput) => {
    // Longer ttls are shortened, not refused: a dapp's own request expiry may ask for up to 7 days.
    const ttl = Math.min(p.ttl ?? DEFAULT_TTL_S, opts.maxTtlSeconds)
    const publishedAt = now()
    const m: StoredMessage = {
      topic: p.topic,
      hash: hashMessage(p.message),
      message: p.message,
      tag: p.tag ?? 0,
      ttlSeconds: ttl,
      publisher: conn.clientId,
      ...(p.attestation ? { attestation: p.attestation } : {}),
      publishedAt,
      expiresAt: publishedAt + ttl * 1000,
    }
    // A retried publish of the same message is stored and fanned out once.
    const stored = await store.put(m, { maxPerTopic: opts.maxMessagesPerTopic })
    if (stored === 'full') throw new RelayError(RPC_ERRORS.mailboxFull, `topic holds ${opts.maxMessagesPerTopic} messages`)
    if (stored === 'stored') await bus.publish(m)
  }

  const ack = (conn: RelayConnection, m: InflightMessage) => store.ack(conn.clientId, m, now() + opts.retainAfterAckSeconds * 1000)

  const subscribe = async (conn: RelayConnection, topics: string[]) => {
    const fresh = topics.filter((t) => !conn.topics.has(t))
    if (conn.topics.size + fresh.length > opts.maxTopicsPerConnection)
      throw new RelayError(RPC_ERRORS.tooManyTopics, `at most ${opts.maxTopicsPerConnection} topics per connection`)
    const ids: string[] = []
    for (const topic of topics) {
      index(conn, topic)
      ids.push(subscriptionId(topic, conn.clientId))
      await store.subscribe(conn.clientId, topic, ids.at(-1)!, now() + opts.subscriptionTtlMs)
    }
    return ids
  }

  const handle = async (conn: RelayConnection, method: Method, params: unknown): Promise<{ result: unknown; after?: () => void }> => {
    const parsed = SCHEMAS[method].safeParse(params)
    if (!parsed.success) throw new RelayError(RPC_ERRORS.invalidParams, parsed.error.issues[0]?.message)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each case reads the fields its schema checked
    const p = parsed.data as Record<string, any>
    switch (method) {
      case 'irn_subscribe': {
        const [id] = await subscribe(conn, [p.topic])
        return { result: id, after: () => schedule(conn, [p.topic]) }
      }
      case 'irn_batchSubscribe': {
        const topics = [...new Set<string>(p.topics)]
        const ids = await subscribe(conn, topics)
        return { result: (p.topics as string[]).map((t) => ids[topics.indexOf(t)]), after: () => schedule(conn, topics) }
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
        admitPublish(conn, [p.message])
        await publish(conn, p as z.infer<typeof PublishParams>)
        return { result: true }
      case 'irn_batchPublish':
        admitPublish(conn, p.messages.map((m: PublishInput) => m.message))
        for (const m of p.messages) await publish(conn, m)
        return { result: true }
      case 'irn_fetchMessages':
      case 'irn_batchFetchMessages': {
        const topics: string[] = method === 'irn_fetchMessages' ? [p.topic] : p.topics
        // One page, small enough for the send buffer; the rest is there for the next fetch.
        const page = await store.pending(conn.clientId, topics, now(), { limit: opts.deliveryPageSize + 1 })
        const messages: Record<string, unknown>[] = []
        let bytes = 0
        for (const m of page.slice(0, opts.deliveryPageSize)) {
          bytes += m.message.length + FRAME_OVERHEAD
          if (messages.length > 0 && bytes > opts.sendHighWaterBytes) break
          // Handed over in a reply: they count as delivered to this client.
          await ack(conn, m)
          messages.push({
            topic: m.topic,
            message: m.message,
            publishedAt: m.publishedAt,
            tag: m.tag,
            ...(m.attestation ? { attestation: m.attestation } : {}),
          })
        }
        return { result: { messages, hasMore: messages.length < page.length } }
      }
      case 'wc_proposeSession': {
        admitPublish(conn, [p.sessionProposal])
        await subscribe(conn, [p.pairingTopic])
        await publish(conn, {
          topic: p.pairingTopic,
          message: p.sessionProposal,
          ttl: p.ttl ?? DEFAULT_TTL_S,
          tag: TAG.proposal,
          attestation: p.attestation,
        })
        return { result: true, after: () => schedule(conn, [p.pairingTopic]) }
      }
      case 'wc_approveSession': {
        admitPublish(conn, [p.sessionProposalResponse, p.sessionSettlementRequest])
        await subscribe(conn, [p.sessionTopic])
        const ttl = p.ttl ?? DEFAULT_TTL_S
        await publish(conn, { topic: p.pairingTopic, message: p.sessionProposalResponse, ttl, tag: TAG.proposalResponse })
        await publish(conn, { topic: p.sessionTopic, message: p.sessionSettlementRequest, ttl, tag: TAG.settle })
        return { result: true, after: () => schedule(conn, [p.sessionTopic]) }
      }
    }
  }

  const onFrame = async (conn: RelayConnection, text: string) => {
    const frame = parseFrame(text)
    switch (frame.kind) {
      case 'response': {
        const id = typeof frame.id === 'number' ? frame.id : Number(frame.id)
        const m = conn.inflight.get(id)
        if (!m) return
        conn.inflight.delete(id)
        const key = `${m.topic} ${m.hash}`
        // Forgotten as sent only once the ack is stored, so that no page read after it brings it back.
        if (frame.ok) {
          await ack(conn, m)
          if (conn.reading > 0) conn.ackedWhileReading.add(key)
        }
        conn.sent.delete(key)
        conn.wake()
        return
      }
      case 'invalid':
        conn.send(errorFrame(frame.idRaw, { code: frame.code, message: frame.message }))
        return
      case 'notification':
        return
      case 'request': {
        const balance = conn.rate.spend(requestCost(frame.params), now())
        if (balance < 0) {
          conn.send(errorFrame(frame.idRaw, RPC_ERRORS.rateLimited))
          // Far beyond the limit: policy close (1008), which the SDK reconnects from (unlike 3000).
          if (balance < -opts.rateLimit.burst) conn.ws.close(1008, 'rate limit')
          return
        }
        if (!(frame.method in SCHEMAS)) {
          conn.send(errorFrame(frame.idRaw, RPC_ERRORS.methodNotFound))
          return
        }
        try {
          const { result, after } = await handle(conn, frame.method as Method, frame.params)
          conn.send(resultFrame(frame.idRaw, result))
          after?.()
        } catch (error) {
          if (error instanceof RelayError) conn.send(errorFrame(frame.idRaw, { ...error.rpc, data: error.message }))
          else {
            if (!closing) ctx.log('relay: request failed', frame.method, error)
            conn.send(errorFrame(frame.idRaw, RPC_ERRORS.internal))
          }
        }
      }
    }
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxFrameBytes, perMessageDeflate: false })

  const admitted = new WeakMap<IncomingMessage, { clientId: string; address: string }>()
  wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    const who = admitted.get(req)
    if (!who) return ws.terminate()
    const conn = new RelayConnection(ws, who.clientId, who.address, opts, now(), debugFor(who.clientId))
    connections.add(conn)
    ws.on('pong', () => void (conn.alive = true))
    ws.on('error', () => undefined)
    ws.on('message', (data, isBinary) => {
      conn.alive = true
      const buffer = data as Buffer
      const delay = caps.readDelay(conn.address, buffer.length)
      if (delay > 0) conn.throttle(delay, now())
      conn.enqueue(
        buffer.length,
        async () => {
          if (isBinary) conn.send(errorFrame(null, RPC_ERRORS.invalidRequest))
          else {
            const text = buffer.toString()
            conn.debug?.('->', text)
            await onFrame(conn, text)
          }
        },
        logUnlessClosing('relay: frame failed'),
      )
    })
    ws.on('close', () => {
      connections.delete(conn)
      for (const topic of [...conn.topics]) unindex(conn, topic)
      conn.closed()
    })
    // Live delivery resumes at once for the client's remembered topics; its stored messages follow
    // when it re-subscribes (the SDK sends irn_batchSubscribe on every connect).
    conn.queue = conn.queue
      .then(async () => {
        for (const topic of await store.subscriptions(who.clientId, now(), opts.maxTopicsPerConnection)) if (conn.open) index(conn, topic)
      })
      .catch(() => undefined)
  })

  const STATUS: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    429: 'Too Many Requests',
  }
  const reject = (socket: Duplex, status: number, reason: string) => {
    if (socket.destroyed) return
    const body = JSON.stringify({ error: reason })
    socket.end(
      `HTTP/1.1 ${status} ${STATUS[status] ?? 'Bad Request'}\r\n` +
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
    // The address's slot is taken before any await and given back when this socket closes, whether
    // the upgrade failed, was refused or the WebSocket ended.
    const address = clientAddressKey(req, opts.proxyHops)
    const ipSlot = caps.admitIp(address)
    if (!ipSlot.ok) return reject(socket, 429, 'Too many connections from this address')
    socket.once('close', ipSlot.release)
    const auth = url.searchParams.get('auth') ?? req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? ''
    const verified = verifyClientJwt(auth, now())
    if (!verified.ok) return reject(socket, 401, `Unauthorized: ${verified.reason}`)
    const projectId = url.searchParams.get('projectId')
    if (opts.requireProject) {
      if (!projectId) return reject(socket, 401, 'Project ID Missing')
      const project = await readProject(projectId).catch(() => null)
      if (!project) return reject(socket, 403, 'Unknown projectId')
    }
    if (projectId) {
      const projectSlot = caps.admitProject(projectId)
      if (!projectSlot.ok) return reject(socket, 429, 'Too many connections for this project')
      socket.once('close', projectSlot.release)
    }
    if (socket.destroyed) return
    admitted.set(req, { clientId: verified.clientId, address })
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
  }
  const upgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    onUpgrade(req, socket, head).catch((error) => {
      ctx.log('relay: upgrade failed', error)
      socket.destroy()
    })
  }
  httpServer.on('upgrade', upgradeListener)

  const pinger = setInterval(() => {
    for (const conn of connections) {
      // A socket the relay stopped reading cannot have its pong read: held, not dead.
      if (!conn.alive && !conn.held) {
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
    caps.prune()
  }, opts.pingIntervalMs)
  pinger.unref()
  const sweep = () => store.sweep(now())
  const sweeper = setInterval(() => {
    sweep().catch((error) => ctx.log('relay: sweep failed', error))
  }, opts.sweepIntervalMs)
  sweeper.unref()

  const relay: Relay = {
    store,
    limits: opts,
    connectionCount: () => connections.size,
    connectionsFrom: (address) => caps.openFor(address),
    bufferedBytes: () => [...connections].reduce((sum, c) => sum + c.ws.bufferedAmount, 0),
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
