import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'

/** A message in a topic's mailbox. Times in epoch ms. */
export interface StoredMessage {
  topic: string
  hash: string
  message: string
  tag: number
  ttlSeconds: number
  publisher: string
  attestation?: string
  publishedAt: number
  expiresAt: number
}

/** Where a page of stored messages starts: after this message in (publishedAt, hash) order. */
export interface MessageCursor {
  publishedAt: number
  hash: string
}

/** The outcome of storing a message. */
export type PutResult = 'stored' | 'duplicate' | 'full'

/**
 * The relay's shared state: per-topic mailboxes, acks by client id, subscriptions by client id.
 * SQL (PGlite/PostgreSQL) by default; Redis when REDIS_URL is set, so instances share it.
 */
export interface RelayStore {
  /**
   * Stores a message: 'duplicate' when the same message is already on the topic (a retried publish),
   * 'full' when the topic already holds `maxPerTopic` unexpired messages.
   */
  put(message: StoredMessage, opts?: { maxPerTopic?: number }): Promise<PutResult>
  /**
   * Unexpired messages on these topics that the client neither published nor acknowledged, oldest
   * first, `limit` of them (default 100) after `after`.
   */
  pending(clientId: string, topics: readonly string[], now: number, page?: { after?: MessageCursor; limit?: number }): Promise<StoredMessage[]>
  /**
   * Records that the client acknowledged the message. With `retainUntil` earlier than the message's
   * expiry, the message itself now expires then (a delivered message need not fill its mailbox).
   */
  ack(clientId: string, message: Pick<StoredMessage, 'topic' | 'hash' | 'publishedAt' | 'expiresAt'>, retainUntil?: number): Promise<void>
  subscribe(clientId: string, topic: string, subscriptionId: string, expiresAt: number): Promise<void>
  unsubscribe(clientId: string, topic: string): Promise<void>
  /** The client's remembered topics, at most `limit` (default 10,000). */
  subscriptions(clientId: string, now: number, limit?: number): Promise<string[]>
  /** Deletes expired messages, acks and subscriptions; returns the number of messages removed. */
  sweep(now: number): Promise<number>
}

/** Messages a `pending` page holds when the caller does not say. */
export const DEFAULT_PAGE = 100

export const hashMessage = (message: string) => createHash('sha256').update(message).digest('hex')
/** The subscription id the SDK computes on its side too: sha256(topic + clientId). */
export const subscriptionId = (topic: string, clientId: string) =>
  createHash('sha256')
    .update(topic + clientId)
    .digest('hex')

/**
 * Redis layout (prefix `portico:relay:`):
 *   m:<topic>        hash  message hash → JSON StoredMessage
 *   t:<topic>        zset  "<publishedAt>:<hash>" scored by expiresAt (mailbox size, pages, shortened expiries)
 *   exp              zset  "<topic> <hash>" scored by expiresAt (for the sweep)
 *   a:<client>:<topic> set message hashes the client acknowledged (expires with the latest message)
 *   s:<client>       hash  topic → JSON {id, expiresAt}
 */
/**
 * put in Redis. KEYS: the topic's index, its messages, the sweep's expiry set. ARGV: publishedAt, the
 * mailbox cap ('' for none), hash, the message's JSON, expiresAt, index member, expiry member.
 * Index entries expired at the message's publish time no longer count against the cap.
 */
const PUT_SCRIPT = `
if ARGV[2] ~= '' then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
    if redis.call('HEXISTS', KEYS[2], ARGV[3]) == 1 then return 'duplicate' end
    return 'full'
  end
end
if redis.call('HSETNX', KEYS[2], ARGV[3], ARGV[4]) == 0 then return 'duplicate' end
redis.call('ZADD', KEYS[3], ARGV[5], ARGV[7])
redis.call('ZADD', KEYS[1], ARGV[5], ARGV[6])
for _, key in ipairs({ KEYS[2], KEYS[1] }) do
  redis.call('PEXPIREAT', key, ARGV[5], 'GT')
  redis.call('PEXPIREAT', key, ARGV[5], 'NX')
end
return 'stored'
`

export function redisRelayStore(redis: Redis, prefix = 'portico:relay:'): RelayStore {
  const k = {
    messages: (topic: string) => `${prefix}m:${topic}`,
    index: (topic: string) => `${prefix}t:${topic}`,
    expiry: `${prefix}exp`,
    acks: (client: string, topic: string) => `${prefix}a:${client}:${topic}`,
    subs: (client: string) => `${prefix}s:${client}`,
  }
  const indexMember = (m: Pick<StoredMessage, 'publishedAt' | 'hash'>) => `${m.publishedAt}:${m.hash}`
  return {
    async put(m, opts = {}) {
      // One script: the count, the check and the write are atomic across instances (the cap holds exactly).
      const result = await redis.eval(
        PUT_SCRIPT,
        3,
        k.index(m.topic),
        k.messages(m.topic),
        k.expiry,
        m.publishedAt,
        opts.maxPerTopic ?? '',
        m.hash,
        JSON.stringify(m),
        m.expiresAt,
        indexMember(m),
        `${m.topic} ${m.hash}`,
      )
      return result as PutResult
    },
    async pending(clientId, topics, now, page = {}) {
      const limit = page.limit ?? DEFAULT_PAGE
      const after = page.after
      const read = redis.multi()
      for (const topic of topics) read.zrangebyscore(k.index(topic), `(${now}`, '+inf', 'WITHSCORES').smembers(k.acks(clientId, topic))
      const replies = (await read.exec()) ?? []
      // Only index entries are read for every topic; bodies are fetched for the page alone.
      const candidates: Array<{ topic: string; hash: string; publishedAt: number; expiresAt: number }> = []
      topics.forEach((topic, i) => {
        const flat = (replies[2 * i]?.[1] ?? []) as string[]
        const acked = new Set((replies[2 * i + 1]?.[1] ?? []) as string[])
        for (let j = 0; j + 1 < flat.length; j += 2) {
          const [published, hash = ''] = flat[j]!.split(':') as [string, string?]
          const publishedAt = Number(published)
          if (acked.has(hash)) continue
          if (after && (publishedAt < after.publishedAt || (publishedAt === after.publishedAt && hash <= after.hash))) continue
          candidates.push({ topic, hash, publishedAt, expiresAt: Number(flat[j + 1]) })
        }
      })
      candidates.sort((a, b) => a.publishedAt - b.publishedAt || (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0))
      const out: StoredMessage[] = []
      for (let i = 0; i < candidates.length && out.length < limit; i += limit) {
        const chunk = candidates.slice(i, i + limit)
        const bodies = (await redis.pipeline(chunk.map((c) => ['hget', k.messages(c.topic), c.hash])).exec()) ?? []
        chunk.forEach((c, j) => {
          const json = bodies[j]?.[1] as string | null | undefined
          if (!json || out.length >= limit) return
          const m = JSON.parse(json) as StoredMessage
          if (m.publisher !== clientId) out.push({ ...m, expiresAt: c.expiresAt })
        })
      }
      return out
    },
    async ack(clientId, m, retainUntil) {
      const expiresAt = retainUntil === undefined ? m.expiresAt : Math.min(m.expiresAt, retainUntil)
      const key = k.acks(clientId, m.topic)
      const multi = redis.multi().sadd(key, m.hash).pexpireat(key, expiresAt, 'GT').pexpireat(key, expiresAt, 'NX')
      if (expiresAt < m.expiresAt)
        multi.zadd(k.expiry, 'XX', 'LT', expiresAt, `${m.topic} ${m.hash}`).zadd(k.index(m.topic), 'XX', 'LT', expiresAt, indexMember(m))
      await multi.exec()
    },
    async subscribe(clientId, topic, id, expiresAt) {
      const key = k.subs(clientId)
      await redis.multi().hset(key, topic, JSON.stringify({ id, expiresAt })).pexpireat(key, expiresAt, 'GT').pexpireat(key, expiresAt, 'NX').exec()
    },
    async unsubscribe(clientId, topic) {
      await redis.hdel(k.subs(clientId), topic)
    },
    async subscriptions(clientId, now, limit = 10_000) {
      const all = await redis.hgetall(k.subs(clientId))
      return Object.entries(all)
        .filter(([, v]) => (JSON.parse(v) as { expiresAt: number }).expiresAt > now)
        .map(([topic]) => topic)
        .sort()
        .slice(0, limit)
    },
    async sweep(now) {
      const due = await redis.zrangebyscore(k.expiry, '-inf', now, 'LIMIT', 0, 5000)
      if (due.length === 0) return 0
      const multi = redis.multi()
      const topics = new Set<string>()
      for (const member of due) {
        const [topic, hash] = member.split(' ') as [string, string]
        multi.hdel(k.messages(topic), hash)
        topics.add(topic)
      }
      for (const topic of topics) multi.zremrangebyscore(k.index(topic), '-inf', now)
      multi.zrem(k.expiry, ...due)
      await multi.exec()
      // Acks and subscriptions expire through their own key TTLs.
      return due.length
    },
  }
}
