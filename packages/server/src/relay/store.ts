import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { Database } from '../db/database.js'

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

const DEFAULT_PAGE = 100

export const hashMessage = (message: string) => createHash('sha256').update(message).digest('hex')
/** The subscription id the SDK computes on its side too: sha256(topic + clientId). */
export const subscriptionId = (topic: string, clientId: string) =>
  createHash('sha256')
    .update(topic + clientId)
    .digest('hex')

type MessageRow = {
  topic: string
  message_hash: string
  message: string
  tag: number
  ttl_seconds: number
  publisher: string
  attestation: string | null
  published_at: string | number
  expires_at: string | number
}

const fromRow = (r: MessageRow): StoredMessage => ({
  topic: r.topic,
  hash: r.message_hash,
  message: r.message,
  tag: Number(r.tag),
  ttlSeconds: Number(r.ttl_seconds),
  publisher: r.publisher,
  ...(r.attestation ? { attestation: r.attestation } : {}),
  publishedAt: Number(r.published_at),
  expiresAt: Number(r.expires_at),
})

export function sqlRelayStore(db: Database): RelayStore {
  const exists = async (topic: string, hash: string) =>
    (await db.query('select 1 from relay_messages where topic = $1 and message_hash = $2', [topic, hash])).length > 0
  return {
    async put(m, opts = {}) {
      if (opts.maxPerTopic !== undefined) {
        // Counted on the primary key's topic prefix; a race between two publishers overshoots by at most one each.
        const [row] = await db.query<{ n: number | string }>('select count(*) as n from relay_messages where topic = $1 and expires_at > $2', [
          m.topic,
          m.publishedAt,
        ])
        if (Number(row?.n ?? 0) >= opts.maxPerTopic) return (await exists(m.topic, m.hash)) ? 'duplicate' : 'full'
      }
      const rows = await db.query(
        `insert into relay_messages (topic, message_hash, message, tag, ttl_seconds, publisher, attestation, published_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (topic, message_hash) do nothing returning topic`,
        [m.topic, m.hash, m.message, m.tag, m.ttlSeconds, m.publisher, m.attestation ?? null, m.publishedAt, m.expiresAt],
      )
      return rows.length > 0 ? 'stored' : 'duplicate'
    },
    async pending(clientId, topics, now, page = {}) {
      if (topics.length === 0) return []
      const rows = await db.query<MessageRow>(
        `select m.* from relay_messages m
         where m.topic = any($1::text[]) and m.expires_at > $2 and m.publisher <> $3
           and ($5::bigint is null or m.published_at > $5::bigint or (m.published_at = $5::bigint and m.message_hash > $6::text))
           and not exists (select 1 from relay_acks a where a.client_id = $3 and a.topic = m.topic and a.message_hash = m.message_hash)
         order by m.published_at, m.message_hash limit $4`,
        [topics, now, clientId, page.limit ?? DEFAULT_PAGE, page.after?.publishedAt ?? null, page.after?.hash ?? ''],
      )
      return rows.map(fromRow)
    },
    async ack(clientId, m, retainUntil) {
      const expiresAt = retainUntil === undefined ? m.expiresAt : Math.min(m.expiresAt, retainUntil)
      await db.query(
        `insert into relay_acks (client_id, topic, message_hash, expires_at) values ($1, $2, $3, $4)
         on conflict (client_id, topic, message_hash) do nothing`,
        [clientId, m.topic, m.hash, expiresAt],
      )
      if (expiresAt < m.expiresAt)
        await db.query('update relay_messages set expires_at = $3 where topic = $1 and message_hash = $2 and expires_at > $3', [m.topic, m.hash, expiresAt])
    },
    async subscribe(clientId, topic, id, expiresAt) {
      await db.query(
        `insert into relay_subscriptions (client_id, topic, subscription_id, expires_at) values ($1, $2, $3, $4)
         on conflict (client_id, topic) do update set expires_at = excluded.expires_at`,
        [clientId, topic, id, expiresAt],
      )
    },
    async unsubscribe(clientId, topic) {
      await db.query('delete from relay_subscriptions where client_id = $1 and topic = $2', [clientId, topic])
    },
    async subscriptions(clientId, now, limit = 10_000) {
      const rows = await db.query<{ topic: string }>('select topic from relay_subscriptions where client_id = $1 and expires_at > $2 order by topic limit $3', [
        clientId,
        now,
        limit,
      ])
      return rows.map((r) => r.topic)
    },
    async sweep(now) {
      const removed = await db.query('delete from relay_messages where expires_at <= $1 returning topic', [now])
      await db.query('delete from relay_acks where expires_at <= $1', [now])
      await db.query('delete from relay_subscriptions where expires_at <= $1', [now])
      return removed.length
    },
  }
}

/**
 * Redis layout (prefix `portico:relay:`):
 *   m:<topic>        hash  message hash → JSON StoredMessage
 *   t:<topic>        zset  "<publishedAt>:<hash>" scored by expiresAt (mailbox size, pages, shortened expiries)
 *   exp              zset  "<topic> <hash>" scored by expiresAt (for the sweep)
 *   a:<client>:<topic> set message hashes the client acknowledged (expires with the latest message)
 *   s:<client>       hash  topic → JSON {id, expiresAt}
 */
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
      if (opts.maxPerTopic !== undefined) {
        const replies = await redis.multi().zremrangebyscore(k.index(m.topic), '-inf', m.publishedAt).zcard(k.index(m.topic)).exec()
        const count = Number(replies?.[1]?.[1] ?? 0)
        if (count >= opts.maxPerTopic) return (await redis.hexists(k.messages(m.topic), m.hash)) ? 'duplicate' : 'full'
      }
      const added = await redis.hsetnx(k.messages(m.topic), m.hash, JSON.stringify(m))
      if (!added) return 'duplicate'
      await redis
        .multi()
        .zadd(k.expiry, m.expiresAt, `${m.topic} ${m.hash}`)
        .zadd(k.index(m.topic), m.expiresAt, indexMember(m))
        .pexpireat(k.messages(m.topic), m.expiresAt, 'GT')
        .pexpireat(k.messages(m.topic), m.expiresAt, 'NX')
        .pexpireat(k.index(m.topic), m.expiresAt, 'GT')
        .pexpireat(k.index(m.topic), m.expiresAt, 'NX')
        .exec()
      return 'stored'
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
