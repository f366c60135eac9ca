import { afterEach, describe, expect, test, vi } from 'vitest'
import { desktopEnvironment } from '../../environment.js'
import { startHttpServer } from '../../test/httpServer.js'
import { testPortico } from '../../test/fakes.js'
import { reportError } from './reportError.js'
import { track } from './track.js'

let close: (() => Promise<void>) | undefined
afterEach(() => close?.())
const settle = () => new Promise((r) => setTimeout(r, 100))
/** Waits until the server has seen `n` requests, then a little longer to catch any extra. */
async function received(server: { requests: unknown[] }, n: number) {
  await vi.waitFor(() => expect(server.requests.length).toBeGreaterThanOrEqual(n), { timeout: 5000 })
  await settle()
  expect(server.requests).toHaveLength(n)
}

async function setup(status = 202, overrides = {}) {
  const server = await startHttpServer({ 'POST /e': () => ({ status, json: { ok: status < 300 } }) })
  close = server.close
  const t = testPortico({
    apiUrl: server.url,
    projectId: 'p1',
    environment: { ...desktopEnvironment, href: () => 'http://127.0.0.1:5173/shop?x=1', randomUUID: () => 'uuid-1' },
    ...overrides,
  })
  return { ...t, server }
}

describe('SPEC §7 Analytics', () => {
  test('an event is posted with eventId, url, domain, timestamp and props', async () => {
    const { portico, server, clock } = await setup()
    clock.advance(1234)
    track(portico, 'MODAL_OPEN', { connected: false })
    await received(server, 1)
    expect(Object.fromEntries(server.requests[0]!.query)).toMatchObject({ projectId: 'p1', st: 'portico', sv: '4.0.0' })
    expect(server.requests[0]!.body).toEqual({
      eventId: 'uuid-1',
      url: 'http://127.0.0.1:5173/shop?x=1',
      domain: '127.0.0.1',
      timestamp: 1234,
      props: { type: 'track', event: 'MODAL_OPEN', properties: { caipNetworkId: 'eip155:31337', connected: false } },
    })
  })

  test('rule: nothing at all is sent when analytics is off', async () => {
    const { portico, server } = await setup(202, { features: { analytics: false } })
    track(portico, 'MODAL_OPEN')
    reportError(portico, new Error('x'))
    await settle()
    expect(server.requests).toHaveLength(0)
  })

  test("rule: events wait for the project's analytics consent; a project with analytics off gets nothing, even from a click before its answer", async () => {
    const { portico, server } = await setup()
    let answer!: () => void
    portico.analytics.ready = new Promise<void>((r) => (answer = r))
    track(portico, 'MODAL_OPEN')
    await settle()
    expect(server.requests).toHaveLength(0)
    portico.stores.project.setState({ analyticsEnabled: false })
    answer()
    await settle()
    expect(server.requests).toHaveLength(0)
    // With consent, a waiting event goes out once it is known.
    await close?.()
    const second = await setup()
    let consent!: () => void
    second.portico.analytics.ready = new Promise<void>((r) => (consent = r))
    track(second.portico, 'MODAL_OPEN')
    consent()
    await received(second.server, 1)
  })

  test('rule: error reports are allowed at most 5 per 60 seconds', async () => {
    const { portico, server, clock } = await setup()
    for (let i = 0; i < 8; i++) reportError(portico, new Error(`boom ${i}`))
    await received(server, 5)
    expect(server.requests[0]!.body).toMatchObject({
      props: { type: 'error', event: 'ERROR', errorType: 'INTERNAL_SDK_ERROR', errorMessage: 'boom 0' },
    })
    clock.advance(60_000)
    reportError(portico, new Error('later'))
    await received(server, 6)
  })

  test("rule: a 403 raises 'Invalid App Configuration' once, then nothing more is sent", async () => {
    const { portico, server } = await setup(403)
    track(portico, 'MODAL_OPEN')
    await vi.waitFor(() => expect(portico.stores.project.getState().alert?.message).toBe('Invalid App Configuration'), { timeout: 5000 })
    portico.stores.project.setState({ alert: undefined })
    track(portico, 'MODAL_CLOSE')
    await settle()
    expect(server.requests).toHaveLength(1)
    expect(portico.stores.project.getState().alert).toBeUndefined()
  })
})
