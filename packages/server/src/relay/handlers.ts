import { z } from 'zod'
import type { RelayBus } from './bus.js'
import type { RelayConnection } from './connection.js'
import type { ConnectionCaps } from './limits.js'
import type { RelayOptions } from './options.js'
import { RequestRefusal } from './refusals.js'
import { hashMessage, subscriptionId, type RelayStore, type StoredMessage } from './store.js'
import { FRAME_OVERHEAD, type RelayTopics } from './topics.js'

const Topic = z.string().regex(/^[0-9A-Za-z_-]{1,128}$/)
const Ttl = z.number().int().positive().optional()
const Tag = z.number().int().min(0).max(1_000_000).optional()
const Attestation = z.string().max(8192).optional()
const PublishParams = z.object({ topic: Topic, message: z.string().min(1), ttl: Ttl, tag: Tag, attestation: Attestation })
type PublishInput = z.infer<typeof PublishParams>

/** Tags the relay uses for the messages it publishes on behalf of wc_* methods (see the notes). */
const TAG = { proposal: 1100, proposalResponse: 1101, settle: 1102 } as const
const DEFAULT_TTL_S = 300

export interface RelayHandlerDeps {
  store: RelayStore
  bus: RelayBus
  topics: RelayTopics
  caps: ConnectionCaps
  opts: RelayOptions
  now: () => number
}

/** A method's result, and what runs once it was sent (the delivery of the messages waiting on new subscriptions). */
export interface RelayAnswer {
  result: unknown
  after?: () => void
}

/** A method's handler: its params checked against the method's schema first (invalid: RequestRefusal.invalidParams). */
export type RelayHandler = (conn: RelayConnection, params: unknown) => Promise<RelayAnswer>

function handler<S extends z.ZodTypeAny>(schema: S, run: (conn: RelayConnection, p: z.infer<S>) => Promise<RelayAnswer>): RelayHandler {
  return async (conn, params) => {
    const parsed = schema.safeParse(params)
    if (!parsed.success) throw RequestRefusal.invalidParams(parsed.error.issues[0]?.message)
    return run(conn, parsed.data)
  }
}

/** The relay's JSON-RPC methods (irn_* and wc_*): one handler per method name. */
export function relayHandlers({ store, bus, topics, caps, opts, now }: RelayHandlerDeps): Readonly<Record<string, RelayHandler>> {
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

  const unsubscribe = async (conn: RelayConnection, subs: readonly { topic: string }[]): Promise<RelayAnswer> => {
    for (const { topic } of subs) {
      topics.unindex(conn, topic)
      await store.unsubscribe(conn.clientId, topic)
    }
    return { result: true }
  }

  const fetchMessages = async (conn: RelayConnection, list: string[]): Promise<RelayAnswer> => {
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

  return {
    irn_subscribe: handler(z.object({ topic: Topic }), async (conn, p) => {
      const [id] = await subscribe(conn, [p.topic])
      return { result: id, after: schedule(conn, [p.topic]) }
    }),
    irn_batchSubscribe: handler(z.object({ topics: z.array(Topic).min(1).max(500) }), async (conn, p) => {
      const list = [...new Set(p.topics)]
      const ids = await subscribe(conn, list)
      return { result: p.topics.map((t) => ids[list.indexOf(t)]), after: schedule(conn, list) }
    }),
    irn_unsubscribe: handler(z.object({ topic: Topic, id: z.string().optional() }), (conn, p) => unsubscribe(conn, [p])),
    irn_batchUnsubscribe: handler(z.object({ subscriptions: z.array(z.object({ topic: Topic, id: z.string().optional() })).max(500) }), (conn, p) =>
      unsubscribe(conn, p.subscriptions),
    ),
    irn_publish: handler(PublishParams, async (conn, p) => {
      admitPublish(conn, [p.message])
      await publish(conn, p)
      return { result: true }
    }),
    irn_batchPublish: handler(z.object({ messages: z.array(PublishParams).min(1).max(100) }), async (conn, p) => {
      admitPublish(
        conn,
        p.messages.map((m) => m.message),
      )
      for (const m of p.messages) await publish(conn, m)
      return { result: true }
    }),
    irn_fetchMessages: handler(z.object({ topic: Topic }), (conn, p) => fetchMessages(conn, [p.topic])),
    irn_batchFetchMessages: handler(z.object({ topics: z.array(Topic).min(1).max(500) }), (conn, p) => fetchMessages(conn, p.topics)),
    wc_proposeSession: handler(z.object({ pairingTopic: Topic, sessionProposal: z.string().min(1), ttl: Ttl, attestation: Attestation }), async (conn, p) => {
      admitPublish(conn, [p.sessionProposal])
      await subscribe(conn, [p.pairingTopic])
      await publish(conn, { topic: p.pairingTopic, message: p.sessionProposal, ttl: p.ttl ?? DEFAULT_TTL_S, tag: TAG.proposal, attestation: p.attestation })
      return { result: true, after: schedule(conn, [p.pairingTopic]) }
    }),
    wc_approveSession: handler(
      z.object({
        sessionTopic: Topic,
        pairingTopic: Topic,
        sessionProposalResponse: z.string().min(1),
        sessionSettlementRequest: z.string().min(1),
        ttl: Ttl,
      }),
      async (conn, p) => {
        admitPublish(conn, [p.sessionProposalResponse, p.sessionSettlementRequest])
        await subscribe(conn, [p.sessionTopic])
        const ttl = p.ttl ?? DEFAULT_TTL_S
        await publish(conn, { topic: p.pairingTopic, message: p.sessionProposalResponse, ttl, tag: TAG.proposalResponse })
        await publish(conn, { topic: p.sessionTopic, message: p.sessionSettlementRequest, ttl, tag: TAG.settle })
        return { result: true, after: schedule(conn, [p.sessionTopic]) }
      },
    ),
  }
}
