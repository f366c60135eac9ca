import { z } from 'zod'
import type { RelayBus } from './bus.js'
import type { RelayConnection } from './connection.js'
import { errorFrame, parseFrame, resultFrame } from './jsonrpc.js'
import type { ConnectionCaps } from './limits.js'
import type { RelayOptions } from './options.js'
import { RelayClose, RelayError, RequestRefusal, RPC_ERRORS } from './refusals.js'
import { hashMessage, subscriptionId, type RelayStore, type StoredMessage } from './store.js'
import { FRAME_OVERHEAD, type RelayTopics } from './topics.js'

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

/** Request tokens a frame costs: batches pay for their items, so 500 topics are not the price of one. */
function requestCost(params: unknown): number {
  const p = (params ?? {}) as Record<string, unknown>
  const items = [p.topics, p.messages, p.subscriptions].find(Array.isArray) as unknown[] | undefined
  return 1 + Math.floor((items?.length ?? 0) / 10)
}

export interface RelayMethodsDeps {
  store: RelayStore
  bus: RelayBus
  topics: RelayTopics
  caps: ConnectionCaps
  opts: RelayOptions
  now: () => number
  /** A request that failed for another reason than a refusal (not logged while the relay closes). */
  onRequestFailed: (method: string, error: unknown) => void
}

type PublishInput = { topic: string; message: string; ttl?: number; tag?: number; attestation?: string }

/** The relay's JSON-RPC methods (irn_* and wc_*), and the handling of every frame a client sends. */
export function relayMethods({ store, bus, topics, caps, opts, now, onRequestFailed }: RelayMethodsDeps) {
  /** Size first, then the address's byte budget, for all the messages of one request together. */
  const admitPublish = (conn: RelayConnection, messages: readonly string[]) => {
    let bytes = 0
    for (const message of messages) {
      const size = Buffer.byteLength(message)
      if (size > opts.maxMessageBytes) throw RequestRefusal.messageTooLarge(opts.maxMessageBytes)
      bytes += size
    }
    if (!caps.takePublishBytes(conn.address, bytes)) throw RequestRefusal.publishBytes()
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
    // This instance's subscribers get it at once; the publisher's answer waits for the mailbox.
    const stored = store.put(m, { maxPerTopic: opts.maxMessagesPerTopic })
    topics.publishLive(m, stored)
    const result = await stored
    if (result === 'full') throw RequestRefusal.mailboxFull(opts.maxMessagesPerTopic)
    // Other instances deliver it once it is stored; a retried publish of a stored message goes no further.
    if (result === 'stored') await bus.publish(m)
  }

  const subscribe = async (conn: RelayConnection, list: string[]) => {
    const fresh = list.filter((t) => !conn.topics.has(t))
    if (conn.topics.size + fresh.length > opts.maxTopicsPerConnection) throw RequestRefusal.tooManyTopics(opts.maxTopicsPerConnection)
    const ids: string[] = []
    for (const topic of list) {
      topics.index(conn, topic)
      ids.push(subscriptionId(topic, conn.clientId))
      await store.subscribe(conn.clientId, topic, ids.at(-1)!, now() + opts.subscriptionTtlMs)
    }
    return ids
  }
  const schedule = (conn: RelayConnection, list: readonly string[]) => () => topics.schedule(conn, list)

  const handle = async (conn: RelayConnection, method: Method, params: unknown): Promise<{ result: unknown; after?: () => void }> => {
    const parsed = SCHEMAS[method].safeParse(params)
    if (!parsed.success) throw RequestRefusal.invalidParams(parsed.error.issues[0]?.message)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each case reads the fields its schema checked
    const p = parsed.data as Record<string, any>
    switch (method) {
      case 'irn_subscribe': {
        const [id] = await subscribe(conn, [p.topic])
        return { result: id, after: schedule(conn, [p.topic]) }
      }
      case 'irn_batchSubscribe': {
        const list = [...new Set<string>(p.topics)]
        const ids = await subscribe(conn, list)
        return { result: (p.topics as string[]).map((t) => ids[list.indexOf(t)]), after: schedule(conn, list) }
      }
      case 'irn_unsubscribe':
      case 'irn_batchUnsubscribe': {
        const subs: { topic: string }[] = method === 'irn_unsubscribe' ? [{ topic: p.topic }] : p.subscriptions
        for (const { topic } of subs) {
          topics.unindex(conn, topic)
          await store.unsubscribe(conn.clientId, topic)
        }
        return { result: true }
      }
      case 'irn_publish':
        admitPublish(conn, [p.message])
        await publish(conn, p as z.infer<typeof PublishParams>)
        return { result: true }
      case 'irn_batchPublish':
        admitPublish(
          conn,
          p.messages.map((m: PublishInput) => m.message),
        )
        for (const m of p.messages) await publish(conn, m)
        return { result: true }
      case 'irn_fetchMessages':
      case 'irn_batchFetchMessages': {
        const list: string[] = method === 'irn_fetchMessages' ? [p.topic] : p.topics
        // One page, small enough for the send buffer; the rest is there for the next fetch.
        const page = await store.pending(conn.clientId, list, now(), { limit: opts.deliveryPageSize + 1 })
        const messages: Record<string, unknown>[] = []
        let bytes = 0
        for (const m of page.slice(0, opts.deliveryPageSize)) {
          bytes += m.message.length + FRAME_OVERHEAD
          if (messages.length > 0 && bytes > opts.sendHighWaterBytes) break
          // Handed over in a reply: they count as delivered to this client.
          await topics.ack(conn, m)
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
        return { result: true, after: schedule(conn, [p.pairingTopic]) }
      }
      case 'wc_approveSession': {
        admitPublish(conn, [p.sessionProposalResponse, p.sessionSettlementRequest])
        await subscribe(conn, [p.sessionTopic])
        const ttl = p.ttl ?? DEFAULT_TTL_S
        await publish(conn, { topic: p.pairingTopic, message: p.sessionProposalResponse, ttl, tag: TAG.proposalResponse })
        await publish(conn, { topic: p.sessionTopic, message: p.sessionSettlementRequest, ttl, tag: TAG.settle })
        return { result: true, after: schedule(conn, [p.sessionTopic]) }
      }
    }
  }

  /** One text frame from a client: an ack of a delivery, or a request (rate-limited), answered on the socket. */
  const onFrame = async (conn: RelayConnection, text: string) => {
    const frame = parseFrame(text)
    switch (frame.kind) {
      case 'response':
        return topics.onResponse(conn, typeof frame.id === 'number' ? frame.id : Number(frame.id), frame.ok)
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
          if (balance < -opts.rateLimit.burst) conn.ws.close(RelayClose.rateLimit.code, RelayClose.rateLimit.reason)
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
            onRequestFailed(frame.method, error)
            conn.send(errorFrame(frame.idRaw, RPC_ERRORS.internal))
          }
        }
      }
    }
  }

  return { onFrame }
}
