/** Fixed-window counters. In memory per instance; a Redis-backed one shares them (REDIS_URL). */
export interface RateLimiter {
  /** True when every server instance counts against the same store (Redis). */
  readonly shared: boolean
  /**
   * Counts a hit; false when `key` is over `limit` within the current window. A store outage lets
   * the hit through, unless `strict`: then it throws, and the caller decides.
   */
  hit(key: string, limit: number, windowMs: number, options?: { strict?: boolean }): Promise<boolean>
  /**
   * Takes `key` for `ttlMs` if nobody holds it: 0. Otherwise the milliseconds until it frees.
   * Atomic: of many parallel claims, one wins. Throws when the store is unreachable.
   */
  claim(key: string, ttlMs: number): Promise<number>
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>()
  const claims = new Map<string, number>()
  let sweepAt = 0
  return {
    shared: false,
    async hit(key, limit, windowMs) {
      const t = now()
      if (t > sweepAt) {
        for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k)
        for (const [k, until] of claims) if (until <= t) claims.delete(k)
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
    async claim(key, ttlMs) {
      const t = now()
      const until = claims.get(key)
      if (until !== undefined && until > t) return until - t
      claims.set(key, t + ttlMs)
      return 0
    },
  }
}

// INCR and PEXPIRE in one step, so a counter never outlives its window (a crash between the two would).
const INCR_WITH_EXPIRY = "local c = redis.call('INCR', KEYS[1]) if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return c"
// SET NX PX, or the time left on the holder's claim.
const CLAIM =
  "if redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then return 0 end local t = redis.call('PTTL', KEYS[1]) if t < 1 then return 1 end return t"

/**
 * Fixed windows in Redis (INCR + PEXPIRE, atomically), so every server instance behind a load
 * balancer counts against the same limits (REDIS_URL). A Redis outage lets plain hits through
 * rather than taking the API down; strict hits and claims throw.
 */
export function redisRateLimiter(redis: import('ioredis').Redis, now: () => number = Date.now): RateLimiter {
  return {
    shared: true,
    async hit(key, limit, windowMs, options) {
      const window = Math.floor(now() / windowMs)
      const redisKey = `portico:rl:${key}:${window}`
      try {
        const count = Number(await redis.eval(INCR_WITH_EXPIRY, 1, redisKey, windowMs))
        return count <= limit
      } catch (error) {
        if (options?.strict) throw error
        return true
      }
    },
    async claim(key, ttlMs) {
      return Number(await redis.eval(CLAIM, 1, `portico:claim:${key}`, ttlMs))
    },
  }
}
