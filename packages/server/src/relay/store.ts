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

/**
 * The relay's shared state: per-topic mailboxes, acks by client id, subscriptions by client id.
 * SQL (PGlite/PostgreSQL) by default; Redis when REDIS_URL is set, so instances share it.
 */
export interface RelayStore {
  /** Stores a message; false when the same message was already on the topic (a retried publish). */
  put(message: StoredMessage): Promise<boolean>
  /** Unexpired messages on these topics that the client neither published nor acknowledged, oldest first. */
  pending(clientId: string, topics: readonly string[], now: number): Promise<StoredMessage[]>
  ack(clientId: string, topic: string, hash: string, expiresAt: number): Promise<void>
  subscribe(clientId: string, topic: string, subscriptionId: string, expiresAt: number): Promise<void>
  unsubscribe(clientId: string, topic: string): Promise<void>
  subscriptions(clientId: string, now: number): Promise<string[]>
  /** Deletes expired messages, acks and subscriptions; returns the number of messages removed. */
  sweep(now: number): Promise<number>
}

export const hashMessage = (message: string) => createHash('sha256').update(message).digest('hex')
/** The subscription id the SDK computes on its side too: sha256(topic + clientId). */
export const subscriptionId = (topic: string, clientId: string) => createHash('sha256').update(topic + clientId).digest('hex')

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

export function sqlRelayStore(db: Database): RelayStore {
  return {
    async put(m) {
      const rows = await db.query(
        `insert into relay_messages (topic, message_hash, message, tag, ttl_seconds, publisher, attestation, published_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (topic, message_hash) do nothing returning topic`,
        [m.topic, m.hash, m.message, m.tag, m.ttlSeconds, m.publisher, m.attestation ?? null, m.publishedAt, m.expiresAt],
      )
      return rows.length > 0
    },
    async pending(clientId, topics, now) {
      if (topics.length === 0) return []
      const rows = await db.query<MessageRow>(
        `select m.* from relay_messages m
         where m.topic = any($1::text[]) and m.expires_at > $2 and m.publisher <> $3
           and not exists (select 1 from relay_acks a where a.client_id = $3 and a.topic = m.topic and a.message_hash = m.message_hash)
         order by m.published_at, m.message_hash limit 1000`,
        [topics, now, clientId],
      )
      return rows.map((r) => ({
        topic: r.topic,
        hash: r.message_hash,
        message: r.message,
        tag: Number(r.tag),
        ttlSeconds: Number(r.ttl_seconds),
        publisher: r.publisher,
        ...(r.attestation ? { attestation: r.attestation } : {}),
        publishedAt: Number(r.published_at),
        expiresAt: Number(r.expires_at),
      }))
    },
    async ack(clientId, topic, hash, expiresAt) {
      await db.query(
        `insert into relay_acks (client_id, topic, message_hash, expires_at) values ($1, $2, $3, $4)
         on conflict (client_id, topic, message_hash) do nothing`,
        [clientId, topic, hash, expiresAt],
      )
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
    async subscriptions(clientId, now) {
      const rows = await db.query<{ topic: string }>(
        'select topic from relay_subscriptions where client_id = $1 and expires_at > $2 order by topic limit 10000',
        [clientId, now],
      )
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
 *   exp              zset  "<topic> <hash>" scored by expiresAt (for the sweep)
 *   a:<client>:<topic> set message hashes the client acknowledged (expires with the latest message)
 *   s:<client>       hash  topic → JSON {id, expiresAt}
 */
export function redisRelayStore(redis: Redis, prefix = 'portico:relay:'): RelayStore {
  const k = {
    messages: (topic: string) => `${prefix}m:${topic}`,
    expiry: `${prefix}exp`,
    acks: (client: string, topic: string) => `${prefix}a:${client}:${topic}`,
    subs: (client: string) => `${prefix}s:${client}`,
  }
  return {
    async put(m) {
      const added = await redis.hsetnx(k.messages(m.topic), m.hash, JSON.stringify(m))
      if (!added) return false
      await redis
        .multi()
        .zadd(k.expiry, m.expiresAt, `${m.topic} ${m.hash}`)
        .pexpireat(k.messages(m.topic), m.expiresAt, 'GT')
        .pexpireat(k.messages(m.topic), m.expiresAt, 'NX')
        .exec()
      return true
    },
    async pending(clientId, topics, now) {
      const out: StoredMessage[] = []
      for (const topic of topics) {
        const [all, acked] = await Promise.all([redis.hvals(k.messages(topic)), redis.smembers(k.acks(clientId, topic))])
        const seen = new Set(acked)
        for (const json of all) {
          const m = JSON.parse(json) as StoredMessage
          if (m.expiresAt > now && m.publisher !== clientId && !seen.has(m.hash)) out.push(m)
        }
      }
      return out.sort((a, b) => a.publishedAt - b.publishedAt || a.hash.localeCompare(b.hash)).slice(0, 1000)
    },
    async ack(clientId, topic, hash, expiresAt) {
      const key = k.acks(clientId, topic)
      await redis.multi().sadd(key, hash).pexpireat(key, expiresAt, 'GT').pexpireat(key, expiresAt, 'NX').exec()
    },
    async subscribe(clientId, topic, id, expiresAt) {
      const key = k.subs(clientId)
      await redis
        .multi()
        .hset(key, topic, JSON.stringify({ id, expiresAt }))
        .pexpireat(key, expiresAt, 'GT')
        .pexpireat(key, expiresAt, 'NX')
        .exec()
    },
    async unsubscribe(clientId, topic) {
      await redis.hdel(k.subs(clientId), topic)
    },
    async subscriptions(clientId, now) {
      const all = await redis.hgetall(k.subs(clientId))
      return Object.entries(all)
        .filter(([, v]) => (JSON.parse(v) as { expiresAt: number }).expiresAt > now)
        .map(([topic]) => topic)
        .sort()
    },
    async sweep(now) {
      const due = await redis.zrangebyscore(k.expiry, '-inf', now, 'LIMIT', 0, 5000)
      if (due.length === 0) return 0
      const multi = redis.multi()
      for (const member of due) {
        const [topic, hash] = member.split(' ') as [string, string]
        multi.hdel(k.messages(topic), hash)
      }
      multi.zrem(k.expiry, ...due)
      await multi.exec()
      // Acks and subscriptions expire through their own key TTLs.
      return due.length
    },
  }
}
