import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase, type Database } from '../db/database.js'
import { migrate } from '../db/migrate.js'
import { hashMessage, redisRelayStore, sqlRelayStore, type RelayStore, type StoredMessage } from './store.js'
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
      expect(await store.put(msg('t1', 'hello', 'alice'))).toBe(true)
      expect(await store.put(msg('t1', 'hello', 'alice'))).toBe(false)
      expect(await store.pending('alice', ['t1'], T0)).toEqual([])
      expect((await store.pending('bob', ['t1'], T0)).map((m) => m.message)).toEqual(['hello'])
    })

    test('acks follow the client id, per client', async () => {
      await store.put(msg('t2', 'a', 'alice', 300, T0))
      await store.put(msg('t2', 'b', 'alice', 300, T0 + 1))
      await store.ack('bob', 't2', hashMessage('a'), T0 + 300_000)
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
