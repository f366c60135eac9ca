import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase, type Database } from '../db/database.js'
import { migrate } from '../db/migrate.js'
import { sqlRelayStore } from './sqlStore.js'
import { hashMessage, redisRelayStore, type RelayStore, type StoredMessage } from './store.js'
import { startTestRedis, type TestRedis } from './testing.js'

// Real time: Redis keys carry absolute expiries.
const T0 = Date.now()
const msg = (topic: string, message: string, publisher: string, ttlSeconds = 300, publishedAt = T0): StoredMessage => ({
  topic,
  hash: hashMessage(message),
  message,
  tag: 1108,
  ttlSeconds,
  publisher,
  publishedAt,
  expiresAt: publishedAt + ttlSeconds * 1000,
})

function mailboxContract(name: string, make: () => Promise<RelayStore>) {
  describe(`mailbox (${name})`, () => {
    let store: RelayStore
    beforeAll(async () => {
      store = await make()
    }, 60_000)

    test('stored once per topic, never returned to its publisher', async () => {
      expect(await store.put(msg('t1', 'hello', 'alice'))).toBe('stored')
      expect(await store.put(msg('t1', 'hello', 'alice'))).toBe('duplicate')
      expect(await store.pending('alice', ['t1'], T0)).toEqual([])
      expect((await store.pending('bob', ['t1'], T0)).map((m) => m.message)).toEqual(['hello'])
    })

    test('acks follow the client id, per client', async () => {
      await store.put(msg('t2', 'a', 'alice', 300, T0))
      await store.put(msg('t2', 'b', 'alice', 300, T0 + 1))
      await store.ack('bob', msg('t2', 'a', 'alice', 300, T0))
      expect((await store.pending('bob', ['t2'], T0)).map((m) => m.message)).toEqual(['b'])
      expect((await store.pending('carol', ['t2', 't1'], T0)).map((m) => m.message)).toEqual(['hello', 'a', 'b'])
    })

    test('messages expire with their ttl and the sweep removes them', async () => {
      await store.put(msg('t3', 'short', 'alice', 10))
      await store.put(msg('t3', 'long', 'alice', 600))
      expect((await store.pending('bob', ['t3'], T0 + 11_000)).map((m) => m.message)).toEqual(['long'])
      expect(await store.sweep(T0 + 11_000)).toBeGreaterThanOrEqual(1)
      expect((await store.pending('bob', ['t3'], T0)).map((m) => m.message)).toEqual(['long'])
    })

    test('mailbox cap: a full topic refuses new messages, keeps the stored ones, still knows duplicates', async () => {
      for (let i = 0; i < 3; i++) expect(await store.put(msg('cap', `m${i}`, 'alice', 300, T0 + i), { maxPerTopic: 3 })).toBe('stored')
      expect(await store.put(msg('cap', 'm3', 'alice', 300, T0 + 3), { maxPerTopic: 3 })).toBe('full')
      expect(await store.put(msg('cap', 'm1', 'alice', 300, T0 + 1), { maxPerTopic: 3 })).toBe('duplicate')
      expect((await store.pending('bob', ['cap'], T0)).map((m) => m.message)).toEqual(['m0', 'm1', 'm2'])
      // Expired messages make room (counted at the new message's publish time).
      expect(await store.put(msg('cap-ttl', 'old', 'alice', 1, T0), { maxPerTopic: 1 })).toBe('stored')
      expect(await store.put(msg('cap-ttl', 'new', 'alice', 300, T0 + 2000), { maxPerTopic: 1 })).toBe('stored')
    })

    test('an ack with retainUntil shortens the message: delivered messages leave the mailbox and free it', async () => {
      const first = msg('retain', 'delivered', 'alice', 300, T0)
      await store.put(first, { maxPerTopic: 1 })
      expect(await store.put(msg('retain', 'next', 'alice', 300, T0 + 1), { maxPerTopic: 1 })).toBe('full')
      await store.ack('bob', first, T0 + 1000)
      // Gone for every client after retainUntil, and no longer counted.
      expect((await store.pending('carol', ['retain'], T0 + 1500)).map((m) => m.message)).toEqual([])
      expect(await store.put(msg('retain', 'next', 'alice', 300, T0 + 1500), { maxPerTopic: 1 })).toBe('stored')
    })

    test('pages: `limit` messages in (publishedAt, hash) order after a cursor, across topics', async () => {
      for (let i = 0; i < 7; i++) await store.put(msg(i % 2 ? 'pa' : 'pb', `p${i}`, 'alice', 300, T0 + i))
      const seen: string[] = []
      let after: { publishedAt: number; hash: string } | undefined
      for (;;) {
        const page = await store.pending('bob', ['pa', 'pb'], T0, { after, limit: 3 })
        seen.push(...page.map((m) => m.message))
        if (page.length < 3) break
        after = page.at(-1)
      }
      expect(seen).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6'])
      // The publisher's own messages never fill a page.
      await store.put(msg('pa', 'bobs', 'bob', 300, T0))
      expect((await store.pending('bob', ['pa'], T0, { limit: 2 })).map((m) => m.message)).toEqual(['p1', 'p3'])
    })

    test('at once (a burst the SQL store writes in batches): the cap holds exactly, duplicates are known, acks and subscriptions land', async () => {
      const burst = Array.from({ length: 12 }, (_, i) => msg(`burst-${i % 3}`, `b${i}`, 'alice', 300, T0 + i))
      const results = await Promise.all([...burst, ...burst.slice(0, 2)].map((m) => store.put(m, { maxPerTopic: 3 })))
      // 4 messages on each of 3 topics with room for 3: the 4th of each is refused, the two retries are duplicates.
      expect(results.slice(0, 12).filter((r) => r === 'stored')).toHaveLength(9)
      expect(results.slice(0, 12).filter((r) => r === 'full')).toHaveLength(3)
      expect(results.slice(12)).toEqual(['duplicate', 'duplicate'])
      const stored = burst.filter((_, i) => results[i] === 'stored')
      await Promise.all([
        ...stored.map((m) => store.ack('bob', m)),
        ...stored.map((m) => store.ack('bob', m)),
        store.subscribe('dave', 'burst-0', 'id-0', T0 + 600_000),
        store.subscribe('dave', 'burst-0', 'id-0', T0 + 600_000),
        store.subscribe('dave', 'burst-1', 'id-1', T0 + 600_000),
      ])
      expect(await store.pending('bob', ['burst-0', 'burst-1', 'burst-2'], T0)).toEqual([])
      expect(await store.pending('carol', ['burst-0', 'burst-1', 'burst-2'], T0)).toHaveLength(9)
      expect(await store.subscriptions('dave', T0)).toEqual(['burst-0', 'burst-1'])
    })

    test('subscriptions persist per client id', async () => {
      await store.subscribe('bob', 'x', 'id-x', T0 + 600_000)
      await store.subscribe('bob', 'y', 'id-y', T0 + 600_000)
      await store.unsubscribe('bob', 'y')
      expect(await store.subscriptions('bob', T0)).toEqual(['x'])
      expect(await store.subscriptions('bob', T0 + 700_000)).toEqual([])
    })
  })
}

let db: Database
mailboxContract('SQL', async () => {
  db = await openDatabase({})
  await migrate(db)
  return sqlRelayStore(db)
})
afterAll(() => db?.close())

let redis: TestRedis | null = null
let client: Redis | undefined
const redisAvailable = await startTestRedis()
  .then((r) => (redis = r))
  .catch(() => null)
if (!redisAvailable) console.warn('redis-server not found: skipping the Redis mailbox tests (apt-get install redis-server)')
describe.skipIf(!redisAvailable)('with Redis', () => {
  mailboxContract('Redis', async () => {
    client = new Redis(redis!.url)
    return redisRelayStore(client, `test${Date.now()}:`)
  })
})
afterAll(async () => {
  await client?.quit()
  await redis?.stop()
})
