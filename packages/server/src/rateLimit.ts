/** Fixed-window counters. In memory per instance; a Redis-backed one shares them (REDIS_URL). */
export interface RateLimiter {
  /** Counts a hit; false when `key` is over `limit` within the current window. */
  hit(key: string, limit: number, windowMs: number): Promise<boolean>
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>()
  let sweepAt = 0
  return {
    async hit(key, limit, windowMs) {
      const t = now()
      if (t > sweepAt) {
        for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k)
        sweepAt = t + windowMs
      }
      const window = windows.get(key)
      if (!window || t - window.start >= windowMs) {
        windows.set(key, { start: t, count: 1 })
        return true
      }
      window.count++
      return window.count <= limit
    },
  }
}

/**
 * Fixed windows in Redis (INCR + PEXPIRE), so every server instance behind a load balancer
 * counts against the same limits (REDIS_URL). A Redis outage lets requests through rather than
 * taking the API down.
 */
export function redisRateLimiter(redis: import('ioredis').Redis, now: () => number = Date.now): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const window = Math.floor(now() / windowMs)
      const redisKey = `portico:rl:${key}:${window}`
      try {
        const count = await redis.incr(redisKey)
        if (count === 1) await redis.pexpire(redisKey, windowMs)
        return count <= limit
      } catch {
        return true
      }
    },
  }
}
