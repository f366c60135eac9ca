import { formatSiwxMessage, type SIWXMessageData } from '@portico/core/spec'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEV_PROJECT } from '../config.js'
import { startTestServer } from '../testing.js'

/**
 * Attack: anyone could list any address's sign-in sessions (with the email DataCapture put in
 * them) and revoke them, and a signed message could be replayed (no server nonce). Each test
 * runs the attack against a real server; the victim signs in the way the modal does.
 */
let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({
    rpcUrls: {},
    projects: [DEV_PROJECT, { projectId: 'attacker-project', name: 'Mine', allowedOrigins: ['http://127.0.0.1:*'], features: {}, analytics: false }],
  })
}, 60_000)
afterAll(() => server?.close())

/** What DataCapture puts in the message: an email per account. */
const emailOf = (account: PrivateKeyAccount) => `owner-${account.address.slice(2, 10).toLowerCase()}@example.com`
const api = (path: string, init: { method?: string; body?: unknown; token?: string; project?: string } = {}) =>
  fetch(`${server.url}${path}?projectId=${init.project ?? 'portico-dev'}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })

async function signedMessage(account: PrivateKeyAccount, project = 'portico-dev') {
  const { nonce } = (await (await api(`/v1/sessions/${account.address}/nonce`, { method: 'POST', project })).json()) as { nonce: string }
  const data: SIWXMessageData = {
    accountAddress: account.address,
    chainId: 'eip155:1',
    domain: '127.0.0.1:5173',
    uri: 'http://127.0.0.1:5173',
    version: '1',
    nonce,
    statement: 'Please sign with your account',
    issuedAt: new Date().toISOString(),
    resources: [`mailto:${emailOf(account)}`],
  }
  const message = formatSiwxMessage(data)
  return { data, message, signature: await account.signMessage({ message }) }
}

async function signIn(account: PrivateKeyAccount, project = 'portico-dev') {
  const res = await api(`/v1/sessions/${account.address}`, { body: await signedMessage(account, project), project })
  expect(res.status).toBe(200)
  return ((await res.json()) as { token: string }).token
}

describe('attack: reading and revoking somebody else’s sign-in', () => {
  const victim = privateKeyToAccount(generatePrivateKey())
  const attacker = privateKeyToAccount(generatePrivateKey())
  let victimToken: string
  let attackerToken: string
  let foreignToken: string
  beforeAll(async () => {
    victimToken = await signIn(victim)
    attackerToken = await signIn(attacker)
    foreignToken = await signIn(victim, 'attacker-project')
  })
  const refusals: string[] = []

  test('listing without a token, with a forged one, or with another address’s or project’s token is refused', async () => {
    const forged = `${victimToken.split('.').slice(0, 2).join('.')}.${'A'.repeat(86)}`
    for (const [token, status] of [
      [undefined, 401],
      ['garbage', 401],
      [forged, 401],
      [foreignToken, 401],
      [attackerToken, 403],
    ] as const) {
      const res = await api(`/v1/sessions/${victim.address}`, { token })
      expect(res.status, String(token).slice(0, 20)).toBe(status)
      refusals.push(await res.text())
    }
  })

  test('revoking without a token or with another address’s token is refused, and the session stays', async () => {
    for (const [token, status] of [
      [undefined, 401],
      [attackerToken, 403],
      [foreignToken, 401],
    ] as const) {
      const res = await api(`/v1/sessions/${victim.address}/revoke`, { body: {}, token })
      expect(res.status).toBe(status)
      refusals.push(await res.text())
    }
    const mine = await api(`/v1/sessions/${victim.address}`, { token: victimToken })
    expect(((await mine.json()) as { sessions: unknown[] }).sessions).toHaveLength(1)
  })

  test('the captured email is never in an answer to anyone but its owner', async () => {
    expect(refusals.length).toBeGreaterThan(0)
    for (const body of refusals) expect(body).not.toContain(emailOf(victim))
    const attackerOwn = await (await api(`/v1/sessions/${attacker.address}`, { token: attackerToken })).text()
    expect(attackerOwn).toContain(emailOf(attacker))
    expect(attackerOwn).not.toContain(emailOf(victim))
    expect(await (await api(`/v1/sessions/${victim.address}`, { token: victimToken })).text()).toContain(emailOf(victim))
  })
})

describe('attack: replaying a signed sign-in', () => {
  test('the same signed message twice: the second is refused', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const signed = await signedMessage(account)
    expect((await api(`/v1/sessions/${account.address}`, { body: signed })).status).toBe(200)
    const replay = await api(`/v1/sessions/${account.address}`, { body: signed })
    expect(replay.status).toBe(401)
    expect(((await replay.json()) as { error: string }).error).toBe('Invalid nonce')
  })

  test('the same signed message 10 times in parallel: exactly one is stored', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const signed = await signedMessage(account)
    const statuses = await Promise.all(Array.from({ length: 10 }, async () => (await api(`/v1/sessions/${account.address}`, { body: signed })).status))
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 401)).toHaveLength(9)
  })

  test('a message with a nonce the client chose (not issued by the server) is refused', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const signed = await signedMessage(account)
    const data = { ...signed.data, nonce: 'a1b2c3d4e5f60718' }
    const message = formatSiwxMessage(data)
    const res = await api(`/v1/sessions/${account.address}`, { body: { data, message, signature: await account.signMessage({ message }) } })
    expect(res.status).toBe(401)
  })

  test('a nonce issued for one address does not sign in another, nor in another project', async () => {
    const a = privateKeyToAccount(generatePrivateKey())
    const b = privateKeyToAccount(generatePrivateKey())
    const forA = await signedMessage(a)
    const data = { ...forA.data, accountAddress: b.address }
    const message = formatSiwxMessage(data)
    expect((await api(`/v1/sessions/${b.address}`, { body: { data, message, signature: await b.signMessage({ message }) } })).status).toBe(401)
    expect((await api(`/v1/sessions/${a.address}`, { body: forA, project: 'attacker-project' })).status).toBe(401)
  })
})
