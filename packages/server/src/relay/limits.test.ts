import type { IncomingMessage } from 'node:http'
import { describe, expect, test } from 'vitest'
import { addressKey, clientAddressKey, ConnectionCaps, DEFAULT_RELAY_LIMITS, RELAY_LIMIT_ENV, relayLimitsFromEnv, TokenBucket } from './limits.js'

const req = (remoteAddress: string, forwarded?: string) =>
  ({ socket: { remoteAddress }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as unknown as IncomingMessage

describe('relay limits', () => {
  test('defaults: 50 sockets per address, 2,000 per project, 96 KiB messages, one day, 100 per topic', () => {
    expect(DEFAULT_RELAY_LIMITS).toMatchObject({
      maxConnectionsPerIp: 50,
      maxConnectionsPerProject: 2000,
      maxMessageBytes: 98_304,
      maxTtlSeconds: 86_400,
      maxMessagesPerTopic: 100,
    })
  })

  test('environment: PORTICO_RELAY_<FIELD>, nested fields merged over their defaults, bad values refused', () => {
    expect(RELAY_LIMIT_ENV).toContain('PORTICO_RELAY_MAX_CONNECTIONS_PER_IP')
    expect(RELAY_LIMIT_ENV).toContain('PORTICO_RELAY_PUBLISH_BYTES_PER_IP_PER_SECOND')
    expect(relayLimitsFromEnv({})).toEqual({})
    expect(relayLimitsFromEnv({ PORTICO_RELAY_MAX_CONNECTIONS_PER_IP: '10', PORTICO_RELAY_RATE_LIMIT_BURST: '20', PORTICO_RELAY_PROXY_HOPS: '0' })).toEqual({
      maxConnectionsPerIp: 10,
      rateLimit: { perSecond: 50, burst: 20 },
      proxyHops: 0,
    })
    expect(() => relayLimitsFromEnv({ PORTICO_RELAY_MAX_TTL_SECONDS: '0' })).toThrow(/PORTICO_RELAY_MAX_TTL_SECONDS/)
    expect(() => relayLimitsFromEnv({ PORTICO_RELAY_MAX_MESSAGE_BYTES: '64k' })).toThrow(/integer/)
  })

  test('address keys: IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64')
  })

  test('proxy hops: X-Forwarded-For is read only when trusted, from the right', () => {
    const r = req('10.0.0.2', '198.51.100.1, 203.0.113.9')
    expect(clientAddressKey(r)).toBe('10.0.0.2')
    expect(clientAddressKey(r, 1)).toBe('203.0.113.9')
    expect(clientAddressKey(r, 2)).toBe('198.51.100.1')
    expect(clientAddressKey(req('10.0.0.2'), 1)).toBe('10.0.0.2')
  })

  test('token bucket: burst, refill by elapsed time, debt', () => {
    const bucket = new TokenBucket(10, 5, 0)
    expect([1, 2, 3, 4, 5, 6].map(() => bucket.take(1, 0))).toEqual([true, true, true, true, true, false])
    expect(bucket.take(1, 100)).toBe(true)
    expect(bucket.take(1, 100)).toBe(false)
    expect(bucket.spend(3, 100)).toBe(-3)
    expect(bucket.full(900)).toBe(true)
  })

  test('connection caps: per address and per project, released once, budgets kept until refilled', () => {
    let t = 0
    const caps = new ConnectionCaps(
      {
        maxConnectionsPerIp: 2,
        maxConnectionsPerProject: 3,
        publishBytesPerIp: { perSecond: 100, burst: 1000 },
        readBytesPerIp: { perSecond: 1000, burst: 2000 },
      },
      () => t,
    )
    const a1 = caps.admitIp('a')
    const a2 = caps.admitIp('a')
    expect([a1.ok, a2.ok, caps.admitIp('a')]).toEqual([true, true, { ok: false, reason: 'ip' }])
    expect(caps.admitIp('b').ok).toBe(true)
    if (a1.ok) {
      a1.release()
      a1.release()
    }
    expect(caps.openFor('a')).toBe(1)
    expect(caps.admitIp('a').ok).toBe(true)
    const p = [caps.admitProject('p'), caps.admitProject('p'), caps.admitProject('p')]
    expect(caps.admitProject('p')).toEqual({ ok: false, reason: 'project' })
    expect(caps.admitProject('q').ok).toBe(true)
    if (p[0]!.ok) p[0]!.release()
    expect(caps.admitProject('p').ok).toBe(true)
    // Publish bytes per address: spent, and not refilled by reconnecting.
    expect(caps.takePublishBytes('b', 900)).toBe(true)
    expect(caps.takePublishBytes('b', 200)).toBe(false)
    expect(caps.takePublishBytes('nobody', 1)).toBe(false)
    t = 1000
    expect(caps.takePublishBytes('b', 200)).toBe(true)
    // Read bytes: within the burst no delay; past it, as long as the debt takes to refill.
    expect(caps.readDelay('b', 2000)).toBe(0)
    expect(caps.readDelay('b', 500)).toBe(500)
    expect(caps.readDelay('b', 500)).toBe(1000)
    t = 3000
    expect(caps.readDelay('b', 100)).toBe(0)
  })
})
