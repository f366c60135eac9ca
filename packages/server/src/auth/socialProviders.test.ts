import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from '../testing.js'
import { startOAuthStandIn, standInProvidersConfig, type OAuthStandIn, type StandInAccount, type StandInProvider } from './standIns/oauthProviders.js'
import { frameClient, randomDeviceId } from './testing.js'

/**
 * Every social provider's flow through the real server's routes (start → provider → callback on
 * the secure origin → complete → session), against a local server speaking each provider's
 * documented endpoints and shapes (standIns/oauthProviders.ts), plus the attacks on that flow.
 */
type Server = Awaited<ReturnType<typeof startTestServer>>
let server: Server
let standIn: OAuthStandIn
let client: ReturnType<typeof frameClient>
const HOST = 'http://127.0.0.1:5173'

beforeAll(async () => {
  standIn = await startOAuthStandIn()
  server = await startTestServer({
    secureFrame: { port: 0 },
    devMailCatcher: { port: 0 },
    devRoutes: true,
    socialProviders: standInProvidersConfig(standIn),
  })
  client = frameClient(server)
})
afterAll(async () => {
  await server?.close()
  await standIn?.close()
})

async function start(provider: StandInProvider, account: StandInAccount) {
  standIn.signInAs(provider, account)
  const deviceId = randomDeviceId()
  const r = await client.call<{ uri: string; binding: string }>('/auth/social/start', { provider, deviceId, hostOrigin: HOST })
  expect(r.status).toBe(200)
  return { deviceId, binding: r.body.binding, uri: new URL(r.body.uri) }
}

/** The popup's part: the provider's authorize endpoint, then the callback (a redirect, or Apple's form_post). */
async function browse(uri: URL): Promise<{ callback: () => Promise<string> }> {
  const answer = await fetch(uri, { redirect: 'manual' })
  const location = answer.headers.get('location')
  if (location) return { callback: async () => (await fetch(location)).text() }
  const html = await answer.text()
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&#38;/g, '&')
  const fields = new URLSearchParams(
    [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)))]),
  )
  return {
    callback: async () => (await fetch(action, { method: 'POST', body: fields, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).text(),
  }
}

async function signIn(provider: StandInProvider, account: StandInAccount) {
  const s = await start(provider, account)
  const page = await (await browse(s.uri)).callback()
  const done = await client.call<{ accessToken: string }>('/auth/social/complete', { binding: s.binding, deviceId: s.deviceId })
  return { ...s, page, done }
}

const me = async (token: string) =>
  (await client.call<{ email: string | null; userName: string | null; socialProvider: string }>('/auth/me', undefined, token)).body
describe('each provider, end to end through the server', () => {
  it('google (OIDC): code + PKCE + nonce, the id_token verified against the JWKS; verified email kept', async () => {
    const r = await signIn('google', { id: '1001', name: 'Gina Google', email: 'gina@example.com', verified: true })
    expect(r.uri.searchParams.get('nonce')).toBeTruthy()
    expect(r.uri.searchParams.get('code_challenge_method')).toBe('S256')
    expect(r.page).toContain('data-status="done"')
    expect(r.done.status).toBe(200)
    expect(await me(r.done.body.accessToken)).toMatchObject({ email: 'gina@example.com', userName: 'Gina Google', socialProvider: 'google' })
    const [row] = await server.db.query<{ subject: string }>("select subject from auth_identities where provider = 'google'")
    expect(row!.subject).toBe('google:1001')
  })

  it('apple (OIDC, form_post): the POST callback, an ES256 client-secret JWT, the name from the first answer', async () => {
    const r = await signIn('apple', { id: '000123.abc', name: 'Ada Apple', email: 'ada@privaterelay.example', verified: true })
    expect(r.uri.searchParams.get('response_mode')).toBe('form_post')
    expect(r.page).toContain('data-status="done"')
    expect(r.done.status).toBe(200)
    expect(await me(r.done.body.accessToken)).toMatchObject({ email: 'ada@privaterelay.example', userName: 'Ada Apple', socialProvider: 'apple' })
  })

  it('github: /user and /user/emails; only a primary AND verified email counts', async () => {
    const r = await signIn('github', {
      id: '583231',
      name: 'Octo Cat',
      githubEmails: [
        { email: 'secondary@example.com', primary: false, verified: true, visibility: null },
        { email: 'octo@example.com', primary: true, verified: true, visibility: 'private' },
      ],
    })
    expect(r.uri.searchParams.has('nonce')).toBe(false)
    expect(r.done.status).toBe(200)
    expect(await me(r.done.body.accessToken)).toMatchObject({ email: 'octo@example.com', userName: 'octocat', socialProvider: 'github' })
    const unverified = await signIn('github', {
      id: '583232',
      name: 'Shady Cat',
      githubEmails: [{ email: 'victim@example.com', primary: true, verified: false, visibility: null }],
    })
    expect((await me(unverified.done.body.accessToken)).email).toBeNull()
  })

  it('discord: /users/@me; the email only when verified is true', async () => {
    const r = await signIn('discord', { id: '80351110224678912', name: 'Nelly', email: 'nelly@example.com', verified: true })
    expect(await me(r.done.body.accessToken)).toMatchObject({ email: 'nelly@example.com', userName: 'Nelly', socialProvider: 'discord' })
    const u = await signIn('discord', { id: '80351110224678913', name: 'Nobody', email: 'unverified@example.com', verified: false })
    expect(u.done.status).toBe(200)
    expect((await me(u.done.body.accessToken)).email).toBeNull()
  })

  it('x: PKCE with HTTP Basic client authentication, /2/users/me, no email', async () => {
    const r = await signIn('x', { id: '2244994945', name: 'X Dev' })
    expect(r.done.status).toBe(200)
    expect(await me(r.done.body.accessToken)).toMatchObject({ email: null, userName: 'XDev', socialProvider: 'x' })
  })

  it('facebook: Graph /me?fields=id,name,email; an email Facebook does not call verified is not taken', async () => {
    const r = await signIn('facebook', { id: '10158', name: 'Fay Book', email: 'fay@example.com', verified: true })
    expect(r.done.status).toBe(200)
    expect(await me(r.done.body.accessToken)).toMatchObject({ email: null, userName: 'Fay Book', socialProvider: 'facebook' })
  })

  it('maps the same provider account to the same user every time (subject provider:id)', async () => {
    const a = await signIn('discord', { id: '42', name: 'Same', email: 'same@example.com', verified: true })
    const b = await signIn('discord', { id: '42', name: 'Same Renamed', email: 'same@example.com', verified: true })
    const users = await server.db.query<{ user_id: string; subject: string }>(
      "select user_id, subject from auth_identities where provider = 'discord' and subject = 'discord:42'",
    )
    expect(users).toHaveLength(1)
    expect((await me(a.done.body.accessToken)).email).toBe('same@example.com')
    expect((await me(b.done.body.accessToken)).userName).toBe('Same Renamed')
  })
})

describe('identities stored before the provider table', () => {
  it('migration 080 prefixes a bare OpenID sub with its provider, so the user keeps the same account', async () => {
    await server.db.query("insert into auth_users (id, email) values ('old-user', 'old@example.com')")
    await server.db.query("insert into auth_identities (provider, subject, user_id, email_verified) values ('google', '2002', 'old-user', true)")
    await server.db.exec(readFileSync(new URL('../../migrations/080_social_subjects.sql', import.meta.url), 'utf8'))
    const r = await signIn('google', { id: '2002', name: 'Old Timer', email: 'old@example.com', verified: true })
    expect(r.done.status).toBe(200)
    const rows = await server.db.query<{ subject: string; user_id: string }>(
      "select subject, user_id from auth_identities where provider = 'google' and user_id = 'old-user'",
    )
    expect(rows).toEqual([{ subject: 'google:2002', user_id: 'old-user' }])
  })
})

describe('attacks on the flow', () => {
  const failed = async (s: { binding: string; deviceId: string }, page: string) => {
    expect(page).toMatch(/data-status="error"|This sign-in expired/)
    const done = await client.call('/auth/social/complete', { binding: s.binding, deviceId: s.deviceId })
    expect(done).toEqual({ status: 400, body: { error: 'Failed to connect' } })
  }

  for (const [name, tamper] of [
    ['another audience', { aud: 'someone-elses-client' }],
    ['another issuer', { iss: 'https://evil.example' }],
    ['an expired token', { expiredSecondsAgo: 3600 }],
    ['another nonce', { nonce: 'not-this-sign-in' }],
    ['a key not in the JWKS', { foreignKey: true }],
  ] as const)
    it(`refuses an id_token with ${name}`, async () => {
      const s = await start('google', { id: '666', name: 'Mallory', email: 'mallory@example.com', verified: true })
      standIn.tamperNextIdToken(tamper)
      const before = standIn.tokenCalls.google ?? 0
      const page = await (await browse(s.uri)).callback()
      expect(standIn.tokenCalls.google).toBe(before + 1) // the code was redeemed: the id_token itself was refused
      await failed(s, page)
    })

  it('refuses a callback whose state belongs to no sign-in, and one with another sign-in’s code (PKCE)', async () => {
    const victim = await start('github', { id: '7', name: 'Victim', email: 'v@example.com', verified: true })
    const answer = new URL((await fetch(victim.uri, { redirect: 'manual' })).headers.get('location')!)
    const forged = new URL(answer)
    forged.searchParams.set('state', 'made-up-state')
    expect(await (await fetch(forged)).text()).toContain('This sign-in expired')
    // The attacker's own sign-in, with the victim's code pasted in: the verifier does not match.
    const attacker = await start('github', { id: '8', name: 'Attacker' })
    const swapped = new URL(answer)
    swapped.searchParams.set('state', new URL((await fetch(attacker.uri, { redirect: 'manual' })).headers.get('location')!).searchParams.get('state')!)
    await failed(attacker, await (await fetch(swapped)).text())
  })

  it('redeems a code once: a replayed callback and a replayed code both fail', async () => {
    const first = await start('discord', { id: '9', name: 'Replay', email: 'r@example.com', verified: true })
    const location = (await fetch(first.uri, { redirect: 'manual' })).headers.get('location')!
    expect(await (await fetch(location)).text()).toContain('data-status="done"')
    expect(await (await fetch(location)).text()).toContain('This sign-in expired')
    // The same code under a fresh sign-in's state: the provider refuses it (and PKCE would too).
    const second = await start('discord', { id: '9', name: 'Replay', email: 'r@example.com', verified: true })
    const secondState = new URL((await fetch(second.uri, { redirect: 'manual' })).headers.get('location')!).searchParams.get('state')!
    const replay = new URL(location)
    replay.searchParams.set('state', secondState)
    await failed(second, await (await fetch(replay)).text())
  })

  it('takes no answer from the provider as a GET/POST without its state, or as a form that is not urlencoded', async () => {
    const secure = server.embedded!.secureFrameUrl
    expect(await (await fetch(`${secure}/auth/social/callback?code=abc`)).text()).toContain('This sign-in expired')
    const json = await fetch(`${secure}/auth/social/callback`, {
      method: 'POST',
      body: '{"code":"a","state":"b"}',
      headers: { 'content-type': 'application/json' },
    })
    expect(await json.text()).toContain('This sign-in expired')
    const big = await fetch(`${secure}/auth/social/callback`, {
      method: 'POST',
      body: `state=${'a'.repeat(20_000)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(big.status).toBe(413)
  })
})
