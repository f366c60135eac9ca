import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEV_PROJECT, type ProjectConfig } from '../config.js'
import { startTestServer } from '../testing.js'

/**
 * Attack: a page on any website reads the API from its visitor's browser, because the server
 * reflected every Origin into Access-Control-Allow-Origin. Each test sends what that browser
 * would send (Origin, preflights) to a real server and checks the grant it got.
 */
const SHOP: ProjectConfig = { projectId: 'shop', name: 'Shop', allowedOrigins: ['https://shop.example', 'http://127.0.0.1:*'], features: {}, analytics: true }
/** Allows no 127.0.0.1 origin: the secure frame's origin is not one of its pages. */
const STRICT: ProjectConfig = { projectId: 'strict', name: 'Strict', allowedOrigins: ['https://shop.example'], features: {}, analytics: true }
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const FORGED = [
  'https://evil.example',
  'https://shop.example.evil.example',
  'https://evil.example/?https://shop.example',
  'http://127.0.0.1.evil.example',
  'null',
  'https://shop.example:444',
]

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({ rpcUrls: {}, projects: [DEV_PROJECT, SHOP, STRICT], secureFrame: { port: 0 } })
}, 60_000)
afterAll(() => server?.close())

const call = (path: string, origin: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { origin, ...(init.headers as Record<string, string>) } })
const preflight = (path: string, origin: string, method = 'POST', headers = 'content-type, authorization') =>
  fetch(`${server.url}${path}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers } })
const grant = (res: Response) => ({ origin: res.headers.get('access-control-allow-origin'), credentials: res.headers.get('access-control-allow-credentials') })

const PROJECT_READS = [
  '/appkit/v1/config?projectId=shop',
  '/getAnalyticsConfig?projectId=shop',
  `/v1/sessions/${ADDRESS}?projectId=shop`,
  `/v1/identity/${ADDRESS}?projectId=shop`,
  '/v1/supported-chains?projectId=shop',
]

describe('attack: cross-origin reads from a forged Origin', () => {
  test('a forged Origin gets no grant on any project route, and the route does not run (403)', async () => {
    for (const origin of FORGED)
      for (const path of PROJECT_READS) {
        const res = await call(path, origin)
        expect(grant(res), `${origin} ${path}`).toEqual({ origin: null, credentials: null })
        expect(res.status, `${origin} ${path}`).toBe(403)
        expect(await res.json()).toEqual({ error: 'Unauthorized: origin not allowed' })
      }
  })

  test('its preflights are refused without a grant', async () => {
    for (const origin of FORGED)
      for (const path of [`/v1/sessions/${ADDRESS}/revoke?projectId=shop`, `/v1/sessions/${ADDRESS}/nonce?projectId=shop`, '/e?projectId=shop']) {
        const res = await preflight(path, origin)
        expect(res.status, `${origin} ${path}`).toBe(403)
        expect(grant(res)).toEqual({ origin: null, credentials: null })
        expect(res.headers.get('access-control-allow-methods')).toBeNull()
      }
  })

  test('a "simple" POST that skips the preflight is refused before its route runs', async () => {
    const res = await call(`/v1/sessions/${ADDRESS}/revoke?projectId=shop`, 'https://evil.example', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    })
    expect(res.status).toBe(403)
    const nonce = await call(`/v1/sessions/${ADDRESS}/nonce?projectId=shop`, 'https://evil.example', { method: 'POST' })
    expect(nonce.status).toBe(403)
    expect(await server.db.query('select 1 from siwx_nonces')).toEqual([])
  })

  test("an origin allowed by another project gets nothing from this one (the project's list decides)", async () => {
    const res = await call('/appkit/v1/config?projectId=portico-dev', 'https://shop.example')
    expect(res.status).toBe(403)
    expect(grant(res).origin).toBeNull()
  })

  test("the secure frame's origin is granted only its own routes (/auth, /v1/rpc), not the project's", async () => {
    const secure = server.embedded!.secureFrameUrl
    expect(grant(await preflight('/auth/email/start?projectId=strict', secure)).origin).toBe(secure)
    expect(grant(await preflight('/v1/rpc/eip155:1?projectId=strict', secure)).origin).toBe(secure)
    const sessions = await call(`/v1/sessions/${ADDRESS}?projectId=strict`, secure)
    expect(sessions.status).toBe(403)
    expect(grant(sessions).origin).toBeNull()
  })

  test('no response ever allows credentials, whatever the origin or route', async () => {
    const origins = [...FORGED, 'https://shop.example', 'http://127.0.0.1:5173', server.embedded!.secureFrameUrl]
    const paths = [
      ...PROJECT_READS,
      '/getWallets?projectId=shop',
      '/openapi.json',
      '/.well-known/jwks.json',
      '/projects/v1/origins?projectId=shop',
      '/auth/me?projectId=shop',
    ]
    for (const origin of origins)
      for (const path of paths) {
        expect((await call(path, origin)).headers.get('access-control-allow-credentials'), `${origin} ${path}`).toBeNull()
        expect((await preflight(path, origin, 'GET')).headers.get('access-control-allow-credentials'), `preflight ${origin} ${path}`).toBeNull()
      }
  })
})

describe('what stays open', () => {
  test('an allowed origin (exact, or any port of a `:*` pattern) is granted its own origin, with Vary: Origin', async () => {
    for (const origin of ['https://shop.example', 'http://127.0.0.1:5173', 'http://127.0.0.1:1']) {
      const res = await call('/appkit/v1/config?projectId=shop', origin)
      expect(res.status).toBe(200)
      expect(grant(res)).toEqual({ origin, credentials: null })
      expect(res.headers.get('vary')).toMatch(/Origin/i)
      const pre = await preflight(`/v1/sessions/${ADDRESS}/revoke?projectId=shop`, origin)
      expect(pre.status).toBe(204)
      expect(grant(pre)).toEqual({ origin, credentials: null })
      expect(pre.headers.get('access-control-allow-headers')).toMatch(/authorization/)
    }
  })

  test('the public reads (wallet registry, OpenAPI, JWKS, allowed origins) answer any page with *', async () => {
    for (const path of ['/getWallets?projectId=shop', '/openapi.json', '/.well-known/jwks.json', '/projects/v1/origins?projectId=shop']) {
      const res = await call(path, 'https://evil.example')
      expect(res.status, path).toBe(200)
      expect(grant(res), path).toEqual({ origin: '*', credentials: null })
    }
  })

  test('a server-side caller (no Origin) is not a browser: CORS does not apply', async () => {
    const res = await fetch(`${server.url}/appkit/v1/config?projectId=shop`)
    expect(res.status).toBe(200)
    expect(grant(res).origin).toBeNull()
  })
})
