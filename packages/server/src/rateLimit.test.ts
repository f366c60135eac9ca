import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestRedis, type TestRedis } from './relay/testing.js'
import { startTestServer } from './testing.js'

let redis: TestRedis | null
beforeAll(async () => {
  redis = await startTestRedis()
})
afterAll(() => redis?.stop())

describe('rate limits across instances (REDIS_URL)', () => {
  test('two server instances count against one per-IP limit', async (ctx) => {
    if (!redis) {
      console.warn('redis-server is not installed: skipping (.ci/run installs it)')
      return ctx.skip()
    }
    const limits = { perIpPerMinute: 4, perProjectPerMinute: 1000 }
    const a = await startTestServer({ redisUrl: redis.url, rateLimits: limits, rpcUrls: {} })
    const b = await startTestServer({ redisUrl: redis.url, rateLimits: limits, rpcUrls: {} })
    try {
      const statuses = []
      for (const server of [a, b, a, b, a, b]) statuses.push((await fetch(`${server.url}/health`)).status)
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429])
    } finally {
      await a.close()
      await b.close()
    }
  })
})
