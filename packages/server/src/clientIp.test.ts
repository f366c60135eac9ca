import { describe, expect, test } from 'vitest'
import { rateLimitKey, resolveClientIp, trustedProxies } from './clientIp.js'
import { startTestServer } from './testing.js'

describe('client address through trusted proxies', () => {
  const trusted = trustedProxies(['10.0.0.0/8', '127.0.0.1', 'fd00::/8'])

  test('an untrusted peer: the socket address, whatever X-Forwarded-For says', () => {
    expect(resolveClientIp('203.0.113.9', '1.2.3.4', trusted)).toBe('203.0.113.9')
    expect(resolveClientIp('::ffff:203.0.113.9', '1.2.3.4', trusted)).toBe('203.0.113.9')
  })

  test('walks right to left through trusted hops and stops at the first untrusted one', () => {
    // The client forged '6.6.6.6'; the proxy appended the real peer, 198.51.100.7.
    expect(resolveClientIp('10.0.0.2', '6.6.6.6, 198.51.100.7, 10.0.0.5', trusted)).toBe('198.51.100.7')
    expect(resolveClientIp('127.0.0.1', '2001:db8::1', trusted)).toBe('2001:db8::1')
    expect(resolveClientIp('fd00::1', '10.1.1.1', trusted)).toBe('10.1.1.1') // all trusted: the leftmost
    expect(resolveClientIp('10.0.0.2', 'garbage, 10.0.0.5', trusted)).toBe('10.0.0.5')
  })

  test('a bad trustProxy entry is refused with its value', () => {
    expect(() => trustedProxies(['10.0.0.0/8', 'proxy.local'])).toThrow(/proxy\.local/)
  })

  test('buckets: an IPv4 address, or an IPv6 /64', () => {
    expect(rateLimitKey('198.51.100.7')).toBe('198.51.100.7')
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:0DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:db8::5')).toBe('2001:db8:0:0::/64')
    expect(rateLimitKey('2001:db8:1:3::1')).not.toBe(rateLimitKey('2001:db8:1:2::1'))
  })
})

describe('rate-limit buckets on the real server (attacks)', () => {
  const limits = { perIpPerMinute: 5, perProjectPerMinute: 100_000 }
  const health = (url: string, xff?: string) => fetch(`${url}/health`, { headers: xff ? { 'x-forwarded-for': xff } : {} })

  test('a forged X-Forwarded-For from an untrusted peer does not change the bucket; 429 carries Retry-After', async () => {
    const server = await startTestServer({ rateLimits: limits, rpcUrls: {}, trustProxy: [] })
    try {
      const statuses = []
      for (let i = 0; i < 8; i++) statuses.push((await health(server.url, `198.51.100.${i}`)).status)
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429])
      const limited = await health(server.url, '198.51.100.200')
      expect(limited.status).toBe(429)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      await server.close()
    }
  })

  test('behind a trusted proxy: rotating IPv6 addresses within one /64 share a bucket, another /64 does not', async () => {
    const server = await startTestServer({ rateLimits: limits, rpcUrls: {}, trustProxy: ['127.0.0.1', '::1'] })
    try {
      const statuses = []
      for (let i = 1; i <= 7; i++) statuses.push((await health(server.url, `2001:db8:1:2::${i.toString(16)}`)).status)
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
      expect((await health(server.url, '2001:db8:1:3::1')).status).toBe(200)
      expect((await health(server.url, '203.0.113.1')).status).toBe(200)
    } finally {
      await server.close()
    }
  })

  test('the limit holds under parallel requests', async () => {
    const server = await startTestServer({ rateLimits: limits, rpcUrls: {}, trustProxy: ['127.0.0.1', '::1'] })
    try {
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => health(server.url, `2001:db8:9:9::${i.toString(16)}`)))
      expect(answers.filter((r) => r.status === 200)).toHaveLength(5)
      expect(answers.filter((r) => r.status === 429)).toHaveLength(35)
    } finally {
      await server.close()
    }
  })
})
