import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { listAnalyticsEvents } from './store.js'
import type { ProjectConfig } from '../config.js'
import { startTestServer } from '../testing.js'

// Unique ids: test servers may share one PostgreSQL database.
const suffix = Math.random().toString(36).slice(2, 10)
const on: ProjectConfig = { projectId: `analytics-on-${suffix}`, name: 'On', allowedOrigins: [], features: {}, analytics: true }
const off: ProjectConfig = { projectId: `analytics-off-${suffix}`, name: 'Off', allowedOrigins: [], features: {}, analytics: false }

// Startup (PGlite + migrations) can be slow on a loaded machine, hence the hook timeouts.
let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({ projects: [on, off], rateLimits: { perIpPerMinute: 10_000, perProjectPerMinute: 10_000 } })
}, 120_000)
afterAll(() => server?.close(), 60_000)

const track = (overrides: Record<string, unknown> = {}) => ({
  eventId: randomUUID(),
  url: 'http://127.0.0.1:5173/',
  domain: '127.0.0.1',
  timestamp: Date.now(),
  props: {
    type: 'track',
    event: 'MODAL_OPEN',
    address: '0x1111111111111111111111111111111111111111',
    properties: { caipNetworkId: 'eip155:31337', connected: true },
  },
  ...overrides,
})

const post = (body: unknown, projectId = on.projectId, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(`${server.url}/e?projectId=${projectId}&st=appkit&sv=html-wagmi-4.0.0`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

describe('POST /e', () => {
  test('stores a track event: 202 { ok: true }', async () => {
    const event = track()
    const res = await post(event)
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ ok: true })
    const [stored] = await listAnalyticsEvents(server.db, { projectId: on.projectId, eventId: event.eventId })
    expect(stored).toMatchObject({
      projectId: on.projectId,
      eventId: event.eventId,
      url: event.url,
      domain: event.domain,
      timestamp: event.timestamp,
      props: event.props,
    })
    expect(stored!.receivedAt.getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  test('stores an error report; a retried eventId is stored once', async () => {
    const report = track({
      props: { type: 'error', event: 'ERROR', errorType: 'SdkError', errorMessage: 'Failed to fetch transactions', stackTrace: 'Error: x\n  at y (z.js:1:2)' },
    })
    expect((await post(report)).status).toBe(202)
    expect((await post(report)).status).toBe(202)
    const errors = await listAnalyticsEvents(server.db, { projectId: on.projectId, type: 'error' })
    expect(errors.filter((e) => e.eventId === report.eventId)).toHaveLength(1)
    expect(errors[0]!.props).toMatchObject({ type: 'error', errorMessage: 'Failed to fetch transactions' })
  })

  test('sendBeacon-style text/plain JSON is accepted', async () => {
    const event = track()
    expect((await post(event, on.projectId, { 'content-type': 'text/plain;charset=UTF-8' })).status).toBe(202)
    expect(await listAnalyticsEvents(server.db, { projectId: on.projectId, eventId: event.eventId })).toHaveLength(1)
  })

  test('error: 403 for an unknown project and for a project with analytics off; nothing stored', async () => {
    expect((await post(track(), 'nope')).status).toBe(403)
    const res = await post(track(), off.projectId)
    expect(res.status).toBe(403)
    expect((await res.json()).error).toMatch(/analytics/i)
    expect(await listAnalyticsEvents(server.db, { projectId: off.projectId })).toEqual([])
    expect((await fetch(`${server.url}/e`, { method: 'POST', body: '{}' })).status).toBe(400)
  })

  test('error: bodies over 32 KB are refused with 413', async () => {
    const big = track({ props: { type: 'track', event: 'BIG', properties: { blob: 'x'.repeat(40_000) } } })
    const res = await post(big)
    expect(res.status).toBe(413)
    expect((await res.json()).error).toBe('Payload Too Large')
  })

  test('error: garbage bodies are a 400, never a 500', async () => {
    const garbage: unknown[] = [
      '{not json',
      '',
      'null',
      '[]',
      '"string"',
      {},
      track({ eventId: 'not-a-uuid' }),
      track({ eventId: 42 }),
      track({ timestamp: 'yesterday' }),
      track({ timestamp: -1 }),
      track({ timestamp: 1.5 }),
      track({ timestamp: 1e300 }),
      track({ url: 'u'.repeat(3000) }),
      track({ domain: undefined }),
      track({ props: null }),
      track({ props: { type: 'pageview', event: 'X' } }),
      track({ props: { type: 'track' } }),
      track({ props: { type: 'track', event: '' } }),
      track({ props: { type: 'track', event: 'X', properties: 'nope' } }),
      track({ props: { type: 'error', event: 'X', stackTrace: 's'.repeat(20_000) } }),
    ]
    for (const body of garbage) {
      const res = await post(body)
      expect(res.status, JSON.stringify(body)?.slice(0, 80)).toBe(400)
      expect((await res.json()).error).toEqual(expect.any(String))
    }
    // Not JSON at all.
    const xml = await post('<e/>', on.projectId, { 'content-type': 'application/xml' })
    expect([400, 415]).toContain(xml.status)
    expect((await xml.json()).error).toEqual(expect.any(String))
    expect((await post('{oops', on.projectId, { 'content-type': 'text/plain' })).status).toBe(400)
    const invalid = await post(track({ eventId: 'x' }))
    expect((await invalid.json()).reasons[0].description).toMatch(/^eventId:/)
  })
})
