import { afterEach, describe, expect, test } from 'vitest'
import { Time } from '../spec/defaults.js'
import { desktopEnvironment } from '../environment.js'
import { startHttpServer } from '../test/httpServer.js'
import { testPortico } from '../test/fakes.js'
import { checkAllowedOrigin } from './checkAllowedOrigin.js'

let close: (() => Promise<void>) | undefined
afterEach(() => close?.())

async function check(status: number, json: unknown, origin = 'http://127.0.0.1:5173') {
  const server = await startHttpServer({ 'GET /projects/v1/origins': () => ({ status, json }) })
  close = server.close
  const { portico } = testPortico({ apiUrl: server.url, projectId: 'p1', environment: { ...desktopEnvironment, origin: () => origin } })
  const result = await checkAllowedOrigin(portico)
  return { result, alert: portico.stores.project.getState().alert, request: server.requests[0]! }
}

describe('SPEC §8 allowed origins', () => {
  test('an allowed origin passes; projectId, st and sv go with the call', async () => {
    const { result, alert, request } = await check(200, { allowedOrigins: ['http://127.0.0.1:*'] })
    expect(result).toBe('ALLOWED')
    expect(alert).toBeUndefined()
    expect(Object.fromEntries(request.query)).toEqual({ projectId: 'p1', st: 'portico', sv: '4.0.0' })
  })

  test("rule: an origin that is not allowed shows APKT002 'Invalid App Configuration'", async () => {
    const { result, alert } = await check(200, { allowedOrigins: ['https://app.example'] })
    expect(result).toBe('NOT_ALLOWED')
    expect(alert).toMatchObject({ code: 'APKT002', message: 'Invalid App Configuration' })
  })

  test('rule: HTTP 429 maps to RATE_LIMITED (APKT010)', async () => {
    const { result, alert } = await check(429, { error: 'Rate limited' })
    expect(result).toBe('RATE_LIMITED')
    expect(alert?.code).toBe('APKT010')
  })

  test('rule: HTTP 500 to 599 maps to SERVER_ERROR (APKT009)', async () => {
    for (const status of [500, 503, 599]) {
      const { result, alert } = await check(status, {})
      await close?.()
      close = undefined
      expect(result).toBe('SERVER_ERROR')
      expect(alert?.code).toBe('APKT009')
    }
  })

  test('a malformed answer is not trusted', async () => {
    const { result } = await check(200, { allowedOrigins: 'everything' })
    expect(result).toBe('SKIPPED')
  })

  test("rule: SPEC §9 'Verification timeout is 5 s': a server that does not answer is given up after 5 s (SKIPPED, no alert)", async () => {
    // A server that never answers: the request ends only when it is aborted.
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
    const { portico, clock } = testPortico({
      apiUrl: 'http://127.0.0.1:9',
      projectId: 'p1',
      environment: { ...desktopEnvironment, origin: () => 'http://127.0.0.1:5173', fetch: hanging },
    })
    let result: string | undefined
    void checkAllowedOrigin(portico).then((r) => (result = r))
    const settle = () => new Promise((r) => setTimeout(r, 0))
    await settle()
    clock.advance(Time.verificationTimeoutMs - 1)
    await settle()
    expect(result).toBeUndefined()
    clock.advance(1)
    await settle()
    await settle()
    expect(result).toBe('SKIPPED')
    expect(portico.stores.project.getState().alert).toBeUndefined()
  })
})
