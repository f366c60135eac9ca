import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevIdentityProvider } from '../dev/oidcProvider.js'
import { DEV_PROJECT, type ProjectConfig } from '../config.js'
import { startTestServer } from '../testing.js'
import { frameClient, randomDeviceId } from './testing.js'

type Server = Awaited<ReturnType<typeof startTestServer>>
let server: Server
let client: ReturnType<typeof frameClient>
const HOST = 'http://127.0.0.1:5173'
const GOOGLE_ONLY: ProjectConfig = { ...DEV_PROJECT, projectId: 'google-only', features: { socials: ['google'] } }

beforeAll(async () => {
  server = await startTestServer({
    secureFrame: { port: 0 },
    devMailCatcher: { port: 0 },
    devIdentityProvider: { port: 0, standsInFor: ['google', 'github'] },
    devRoutes: true,
    indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
    projects: [DEV_PROJECT, GOOGLE_ONLY],
  })
  client = frameClient(server)
})
afterAll(() => server?.close())

/** A browser's part of the OAuth dance, with fetch and a cookie jar, up to the callback URL. */
async function signInAtProvider(authorizeUrl: string, account: { email: string; name: string; verified: boolean }) {
  const jar = new Map<string, string>()
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const keep = (response: Response) => {
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const i = pair!.indexOf('=')
      jar.set(pair!.slice(0, i), pair!.slice(i + 1))
    }
  }
  const callback = `${server.embedded!.secureFrameUrl}/auth/social/callback`
  let url = authorizeUrl
  let init: RequestInit = {}
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: cookie() } })
    keep(response)
    init = {}
    const location = response.headers.get('location')
    if (location) {
      url = new URL(location, url).href
      if (url.startsWith(callback)) return url
      continue
    }
    const html = await response.text()
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
    if (!action) throw new Error(`unexpected page at ${url}: ${html.slice(0, 200)}`)
    url = new URL(action, url).href
    const form = new URLSearchParams({ email: account.email, name: account.name })
    if (account.verified) form.set('verified', 'on')
    init = { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
  }
  throw new Error('too many redirects')
}

async function socialLogin(provider: string, account: { email: string; name: string; verified: boolean }) {
  const deviceId = randomDeviceId()
  const start = await client.call<{ uri: string; binding: string }>('/auth/social/start', { provider, deviceId, hostOrigin: HOST })
  expect(start.status).toBe(200)
  const authorize = new URL(start.body.uri)
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorize.searchParams.get('state')).toBeTruthy()
  expect(authorize.searchParams.get('nonce')).toBeTruthy()
  const resultUri = await signInAtProvider(start.body.uri, account)
  return { deviceId, binding: start.body.binding, resultUri }
}

/** The popup lands on the callback page: the server redeems the code there. */
async function landOnCallback(resultUri: string) {
  const page = await fetch(resultUri)
  return { page, html: await page.text() }
}

describe('social login through the local OpenID provider', () => {
  it('runs code + PKCE + state + nonce; the server redeems at the callback, whose page tells the host only that it is done', async () => {
    const { deviceId, binding, resultUri } = await socialLogin('google', { email: 'social@example.com', name: 'Sam Social', verified: true })
    const { page, html } = await landOnCallback(resultUri)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(html).toContain(`data-target-origin="${HOST}"`)
    expect(html).toContain('data-status="done"')
    expect(html).toContain('/assets/callback.js')
    expect(html).not.toMatch(/<script>(?!<)/)
    // Nothing of the answer is on the page the host hears from.
    const answer = new URL(resultUri)
    expect(html).not.toContain(answer.searchParams.get('code')!)
    expect(html).not.toContain(answer.searchParams.get('state')!)

    expect((await client.call('/auth/social/complete', { binding: 'not-the-binding', deviceId })).status).toBe(400)
    const done = await client.call<{ accessToken: string }>('/auth/social/complete', { binding, deviceId })
    expect(done.status).toBe(200)
    expect((await client.call('/auth/me', undefined, done.body.accessToken)).body).toMatchObject({
      email: 'social@example.com',
      userName: 'Sam Social',
      socialProvider: 'google',
    })
    // Once.
    expect((await client.call('/auth/social/complete', { binding, deviceId })).status).toBe(400)
    // The callback a second time (a replayed answer) redeems nothing.
    expect((await landOnCallback(resultUri)).html).toContain('This sign-in expired')
  })

  it('refuses a host origin the project does not allow', async () => {
    const r = await client.call('/auth/social/start', { provider: 'google', deviceId: randomDeviceId(), hostOrigin: 'https://evil.example' })
    expect(r).toEqual({ status: 403, body: { error: 'Unauthorized: origin not allowed' } })
    const missing = await client.call('/auth/social/start', { provider: 'apple', deviceId: randomDeviceId(), hostOrigin: HOST })
    expect(missing.body.error).toBe('Sign-in with apple is not configured on this server')
  })

  it('refuses a provider the server serves but the project turned off (its remote config does not list it)', async () => {
    const other = frameClient(server, GOOGLE_ONLY.projectId)
    const off = await other.call('/auth/social/start', { provider: 'github', deviceId: randomDeviceId(), hostOrigin: HOST })
    expect(off).toEqual({ status: 400, body: { error: 'Sign-in with github is not enabled for this project' } })
    const on = await other.call<{ uri: string }>('/auth/social/start', { provider: 'google', deviceId: randomDeviceId(), hostOrigin: HOST })
    expect(on.status).toBe(200)
  })

  it('refuses a Farcaster start for a project whose remote config does not list farcaster, as for the other socials', async () => {
    const other = frameClient(server, GOOGLE_ONLY.projectId)
    const off = await other.call('/auth/farcaster/start', { deviceId: randomDeviceId() })
    expect(off).toEqual({ status: 400, body: { error: 'Sign-in with farcaster is not enabled for this project' } })
    expect(await server.db.query("select 1 from auth_farcaster_channels where project_id = 'google-only'")).toEqual([]) // no channel opened
    const on = await client.call<{ url: string }>('/auth/farcaster/start', { deviceId: randomDeviceId() }) // the dev project offers all seven
    expect(on.status).toBe(200)
    expect(on.body.url).toContain('/dev/farcaster/channel/')
  })

  it('never links an unverified email to an existing account; identities are keyed by (provider, sub)', async () => {
    const owner = await socialLogin('google', { email: 'owner@example.com', name: 'Owner', verified: true })
    await landOnCallback(owner.resultUri)
    const ownerTokens = await client.call<{ accessToken: string }>('/auth/social/complete', { binding: owner.binding, deviceId: owner.deviceId })
    const intruder = await socialLogin('github', { email: 'owner@example.com', name: 'Intruder', verified: false })
    await landOnCallback(intruder.resultUri)
    const intruderTokens = await client.call<{ accessToken: string }>('/auth/social/complete', { binding: intruder.binding, deviceId: intruder.deviceId })
    expect(intruderTokens.status).toBe(200)
    const me = (await client.call('/auth/me', undefined, intruderTokens.body.accessToken)).body
    expect(me.email).toBeNull()
    const users = await server.db.query<{ provider: string; user_id: string }>(
      "select provider, user_id from auth_identities where provider in ('google', 'github')",
    )
    const byProvider = Object.fromEntries(users.map((u) => [u.provider, u.user_id]))
    expect(byProvider.google).not.toBe(byProvider.github)
    expect(ownerTokens.status).toBe(200)
  })

  it('stands in for all six OAuth providers unless told otherwise (--dev: every social button signs in locally)', async () => {
    const dev = await startDevIdentityProvider({ port: 0, redirectUri: 'http://127.0.0.1:1/auth/social/callback' })
    expect(dev.standsInFor).toEqual(['google', 'github', 'apple', 'facebook', 'x', 'discord'])
    await dev.close()
  })
})
