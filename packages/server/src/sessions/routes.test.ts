import { formatSiwxMessage, type SIWXMessageData } from '@portico/core/spec'
import { createLocalJWKSet, jwtVerify } from 'jose'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEV_PROJECT } from '../config.js'
import { startTestServer } from '../testing.js'

// Anvil's public dev key 0: signs real sign-in messages for these tests.
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const ADDRESS = account.address
const SOLANA = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({
    rpcUrls: {}, // no chains: nothing here reads one
    projects: [DEV_PROJECT, { projectId: 'other-project', name: 'Other', allowedOrigins: ['http://127.0.0.1:*'], features: {}, analytics: false }],
  })
}, 60_000)
afterAll(() => server?.close())

const url = (path: string, project = 'portico-dev') => `${server.url}${path}${path.includes('?') ? '&' : '?'}projectId=${project}`
const list = async (address: string, token: string | undefined, query = '', project?: string) => {
  const res = await fetch(url(`/v1/sessions/${address}${query}`, project), { headers: token ? { authorization: `Bearer ${token}` } : {} })
  return { status: res.status, body: await res.json() }
}
const post = async (path: string, body: unknown, project?: string, token?: string) => {
  const res = await fetch(url(path, project), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}
/** A nonce the server issued for the address (in the project). */
const nonceFor = async (address: string = ADDRESS, project?: string) => (await post(`/v1/sessions/${address}/nonce`, undefined, project)).body.nonce as string

async function session(
  over: { chainId?: string; nonce?: string; expirationTime?: string; accountAddress?: string; issuedAt?: string; statement?: string; project?: string } = {},
) {
  const data = {
    accountAddress: over.accountAddress ?? ADDRESS,
    chainId: over.chainId ?? 'eip155:1',
    domain: '127.0.0.1:5173',
    uri: 'http://127.0.0.1:5173/login',
    version: '1',
    nonce: over.nonce ?? (await nonceFor(over.accountAddress ?? ADDRESS, over.project)),
    statement: over.statement ?? 'Sign in to App',
    issuedAt: over.issuedAt ?? new Date().toISOString(),
    ...(over.expirationTime ? { expirationTime: over.expirationTime } : {}),
  }
  const message = formatSiwxMessage(data as SIWXMessageData)
  return { data, message, signature: await account.signMessage({ message }) }
}
/** Signs in on a chain; returns the session's nonce and token. */
async function signIn(over: Parameters<typeof session>[0] = {}) {
  const signed = await session(over)
  const res = await post(`/v1/sessions/${signed.data.accountAddress}`, signed, over.project)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { nonce: signed.data.nonce, token: res.body.token as string, signed }
}
const nonces = (body: { sessions: Array<{ data: { nonce: string } }> }) => body.sessions.map((s) => s.data.nonce)

describe('SIWX sessions', () => {
  test('default: a nonce, a signed message → the session and its token; the token lists (all or one chain), per project', async () => {
    const issued = await post(`/v1/sessions/${ADDRESS}/nonce`, undefined)
    expect(issued.status).toBe(200)
    expect(issued.body.nonce).toMatch(/^[0-9a-f]{32}$/)
    expect(Date.parse(issued.body.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000)
    const first = await session({ nonce: issued.body.nonce })
    const added = await post(`/v1/sessions/${ADDRESS}`, first)
    expect(added.status).toBe(200)
    expect(added.body.session).toMatchObject({ data: { nonce: issued.body.nonce, chainId: 'eip155:1' } })
    expect(added.body.session.signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(Date.parse(added.body.session.createdAt)).toBeGreaterThan(0)
    expect(added.body.token.split('.')).toHaveLength(3)
    const token = added.body.token as string
    const second = await session({ chainId: 'eip155:137' })
    expect((await post(`/v1/sessions/${ADDRESS}`, { ...second, cacao: { h: { t: 'caip122' } } })).status).toBe(200)

    // The address is matched case-insensitively for EVM.
    const all = await list(ADDRESS.toLowerCase(), token)
    expect(all.status).toBe(200)
    expect(nonces(all.body)).toEqual([issued.body.nonce, second.data.nonce])
    expect(all.body.sessions[1].cacao).toEqual({ h: { t: 'caip122' } })
    expect(all.body.sessions[0].cacao).toBeUndefined()

    const polygon = await list(ADDRESS, token, '?chainId=eip155:137')
    expect(nonces(polygon.body)).toEqual([second.data.nonce])
    // Another project's token is needed there, and it sees only that project's sessions.
    expect((await list(ADDRESS, token, '', 'other-project')).status).toBe(401)
    const other = await signIn({ project: 'other-project', chainId: 'eip155:10' })
    expect(nonces((await list(ADDRESS, other.token, '', 'other-project')).body)).toEqual([other.nonce])
  })

  test('behavior: the token is an ES256 JWT that the JWKS verifies, with the documented claims', async () => {
    const { token, nonce, signed } = await signIn({ chainId: 'eip155:42161', expirationTime: new Date(Date.now() + 3600_000).toISOString() })
    const jwks = await (await fetch(`${server.url}/.well-known/jwks.json`)).json()
    expect(jwks.keys).toHaveLength(1)
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' })
    expect(jwks.keys[0].d).toBeUndefined()
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(jwks), { issuer: server.url, audience: 'portico-dev' })
    expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: 'JWT', kid: jwks.keys[0].kid })
    expect(payload).toMatchObject({ sub: ADDRESS.toLowerCase(), address: ADDRESS, chainId: 'eip155:42161', domain: signed.data.domain, sid: nonce })
    // At most the message's own expiration time.
    expect(payload.exp! * 1000).toBeLessThanOrEqual(Date.parse(signed.data.expirationTime!))
    expect(payload.exp! - payload.iat!).toBeGreaterThan(3500)
  })

  test('error: a signed message is stored once; a nonce of another address or project, an unknown or an expired one is refused', async () => {
    const signed = await session({ chainId: 'eip155:10' })
    expect((await post(`/v1/sessions/${ADDRESS}`, signed)).status).toBe(200)
    const replay = await post(`/v1/sessions/${ADDRESS}`, signed)
    expect(replay.status).toBe(401)
    expect(replay.body.error).toBe('Invalid nonce')

    const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
    for (const nonce of [await nonceFor(other.address), await nonceFor(ADDRESS, 'other-project'), 'a1b2c3d4e5f6a7b8']) {
      const res = await post(`/v1/sessions/${ADDRESS}`, await session({ nonce }))
      expect(res.status, nonce).toBe(401)
      expect(res.body.error).toBe('Invalid nonce')
    }
    const short = await startTestServer({ rpcUrls: {}, siwx: { nonceTtlMs: 300 } })
    try {
      const nonce = (await (await fetch(`${short.url}/v1/sessions/${ADDRESS}/nonce?projectId=portico-dev`, { method: 'POST' })).json()).nonce
      await new Promise((r) => setTimeout(r, 400))
      const late = await session({ nonce })
      const res = await fetch(`${short.url}/v1/sessions/${ADDRESS}?projectId=portico-dev`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(late),
      })
      expect(res.status).toBe(401)
    } finally {
      await short.close()
    }
  })

  test('rule: WalletConnect one-click auth — a nonce issued before the account is known signs in whichever address signs it, once, in its project only', async () => {
    const issued = await post('/v1/sessions/nonce', undefined)
    expect(issued.status).toBe(200)
    expect(issued.body.nonce).toMatch(/^[0-9a-f]{32}$/)
    // Another project cannot use it (the attack: a nonce fetched for one dapp replayed at another).
    const foreign = await session({ nonce: issued.body.nonce, project: 'other-project' })
    expect((await post(`/v1/sessions/${ADDRESS}`, foreign, 'other-project')).status).toBe(401)
    const signed = await session({ nonce: issued.body.nonce })
    const added = await post(`/v1/sessions/${ADDRESS}`, signed)
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    expect(added.body.token.split('.')).toHaveLength(3)
    // Once: the same nonce signed again (by the same or another account) is refused.
    const again = await session({ nonce: issued.body.nonce, issuedAt: new Date(Date.now() - 1000).toISOString() })
    expect(await post(`/v1/sessions/${ADDRESS}`, again)).toMatchObject({ status: 401, body: { error: 'Invalid nonce' } })
    // An address-bound nonce still works for its address only.
    const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
    const bound = await nonceFor(other.address)
    expect((await post(`/v1/sessions/${ADDRESS}`, await session({ nonce: bound }))).status).toBe(401)
  })

  test('error: listing and revoking need a live token of that address', async () => {
    const mine = await signIn({ chainId: 'eip155:100' })
    const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
    const otherData = {
      accountAddress: other.address,
      chainId: 'eip155:100',
      domain: '127.0.0.1:5173',
      uri: 'http://127.0.0.1:5173/login',
      version: '1',
      nonce: await nonceFor(other.address),
      issuedAt: new Date().toISOString(),
    }
    const otherMessage = formatSiwxMessage(otherData as SIWXMessageData)
    const theirs = await post(`/v1/sessions/${other.address}`, {
      data: otherData,
      message: otherMessage,
      signature: await other.signMessage({ message: otherMessage }),
    })
    expect(theirs.status).toBe(200)

    expect((await list(ADDRESS, undefined)).status).toBe(401)
    expect((await list(ADDRESS, 'not.a.token')).status).toBe(401)
    expect((await list(ADDRESS, theirs.body.token)).status).toBe(403)
    expect((await post(`/v1/sessions/${ADDRESS}/revoke`, {})).status).toBe(401)
    expect((await post(`/v1/sessions/${ADDRESS}/revoke`, {}, undefined, theirs.body.token)).status).toBe(403)
    // A token whose session was revoked is dead.
    expect((await post(`/v1/sessions/${ADDRESS}/revoke`, { nonce: mine.nonce }, undefined, mine.token)).body).toEqual({ revoked: 1 })
    expect((await list(ADDRESS, mine.token)).status).toBe(401)
  })

  test('expired sessions are not listed', async () => {
    const keeper = await signIn({ chainId: 'eip155:8453' })
    const soon = new Date(Date.now() + 1200).toISOString()
    await signIn({ chainId: 'eip155:8453', expirationTime: soon })
    expect((await list(ADDRESS, keeper.token, '?chainId=eip155:8453')).body.sessions).toHaveLength(2)
    await new Promise((r) => setTimeout(r, 1400))
    expect(nonces((await list(ADDRESS, keeper.token, '?chainId=eip155:8453')).body)).toEqual([keeper.nonce])
  })

  test('revoke: by nonce, by chain, all; other projects keep theirs', async () => {
    const kept = await signIn({ project: 'other-project' })
    const a = await signIn({ chainId: 'eip155:1' })
    await signIn({ chainId: 'eip155:137' })
    const c = await signIn({ chainId: 'eip155:56' })
    const before = (await list(ADDRESS, c.token)).body.sessions.length
    expect((await post(`/v1/sessions/${ADDRESS}/revoke`, { nonce: a.nonce }, undefined, c.token)).body).toEqual({ revoked: 1 })
    const polygon = (await list(ADDRESS, c.token, '?chainId=eip155:137')).body.sessions.length
    expect((await post(`/v1/sessions/${ADDRESS}/revoke`, { chainId: 'eip155:137' }, undefined, c.token)).body).toEqual({ revoked: polygon })
    expect((await post(`/v1/sessions/${ADDRESS}/revoke`, { chainId: 'eip155:137' }, undefined, c.token)).body).toEqual({ revoked: 0 })
    const rest = await fetch(url(`/v1/sessions/${ADDRESS}/revoke`), { method: 'POST', headers: { authorization: `Bearer ${c.token}` } })
    expect(await rest.json()).toEqual({ revoked: before - 1 - polygon })
    expect((await list(ADDRESS, c.token)).status).toBe(401)
    expect(nonces((await list(ADDRESS, kept.token, '', 'other-project')).body)).toContain(kept.nonce)
  })

  test('a Solana account with an EVM signature is refused (Solana sign-in itself: solana/siwx.test.ts)', async () => {
    const res = await post(`/v1/sessions/${SOLANA}`, await session({ accountAddress: SOLANA, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }))
    expect(res.status).toBe(401)
    expect(res.body.error).toBe('Invalid signature')
  })

  test('error: a forged signature, a tampered message, a stale message or a foreign domain is rejected', async () => {
    const good = await session()
    const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
    const forged = await post(`/v1/sessions/${ADDRESS}`, { ...good, signature: await other.signMessage({ message: good.message }) })
    expect(forged.status).toBe(401)
    expect(forged.body.error).toBe('Invalid signature')
    const tampered = await post(`/v1/sessions/${ADDRESS}`, { ...good, data: { ...good.data, statement: 'Something else' } })
    expect(tampered.body.error).toBe('Invalid message')
    const stale = await post(`/v1/sessions/${ADDRESS}`, await session({ issuedAt: new Date(Date.now() - 11 * 60_000).toISOString() }))
    expect(stale.body.error).toBe('Session expired')
    const data = { ...good.data, domain: 'evil.example', uri: 'https://evil.example/login' }
    const message = formatSiwxMessage(data as SIWXMessageData)
    const foreign = await post(`/v1/sessions/${ADDRESS}`, { data, message, signature: await account.signMessage({ message }) })
    expect(foreign.body.error).toBe('Invalid domain')
    // None of them used the nonce up: the real signature still goes through.
    expect((await post(`/v1/sessions/${ADDRESS}`, good)).status).toBe(200)
  })

  test('error: garbage addresses, params and bodies are 400 JSON', async () => {
    const { token } = await signIn({ chainId: 'eip155:250' })
    for (const [address, query] of [
      ['nope', ''],
      ['0x12', ''],
      ['%3Cscript%3E', ''],
      [ADDRESS, '?chainId=1'],
      [ADDRESS, '?chainId=%%'],
    ]) {
      const res = await list(address!, token, query)
      expect(res.status, `${address}${query}`).toBe(400)
      expect(typeof res.body.error).toBe('string')
    }
    const good = await session({ nonce: 'garbage0' })
    const bad: unknown[] = [
      '{oops',
      '[]',
      {},
      { ...good, data: { ...good.data, chainId: 'one' } },
      { ...good, data: { ...good.data, issuedAt: 'yesterday' } },
      { ...good, data: { ...good.data, uri: 'not a uri' } },
      { ...good, data: { ...good.data, nonce: '' } },
      { ...good, data: { ...good.data, resources: 'x' } },
      { ...good, data: { ...good.data, accountAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } },
      { ...good, data: { ...good.data, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' } },
      { ...good, data: { ...good.data, expirationTime: new Date(Date.now() - 1000).toISOString() } },
      { ...good, message: '' },
      { ...good, signature: null },
      { ...good, cacao: 'x' },
    ]
    for (const body of bad) {
      const res = await post(`/v1/sessions/${ADDRESS}`, body)
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400)
      expect(typeof res.body.error).toBe('string')
    }
    expect((await post('/v1/sessions/nope', good)).status).toBe(400)
    expect((await post('/v1/sessions/nope/nonce', undefined)).status).toBe(400)
    expect((await post(`/v1/sessions/${ADDRESS}/revoke`, { chainId: 5 }, undefined, token)).status).toBe(400)
    expect((await post(`/v1/sessions/${ADDRESS}/revoke`, '{x', undefined, token)).status).toBe(400)
    expect((await post('/v1/sessions/nope/revoke', {}, undefined, token)).status).toBe(400)
    expect(nonces((await list(ADDRESS, token, '?chainId=eip155:1')).body)).not.toContain('garbage0')
  })

  test('error: sessions need a known project', async () => {
    expect((await fetch(`${server.url}/v1/sessions/${ADDRESS}`)).status).toBe(400)
    expect((await fetch(`${server.url}/v1/sessions/${ADDRESS}?projectId=unknown`)).status).toBe(403)
    expect((await fetch(`${server.url}/v1/sessions/${ADDRESS}/nonce?projectId=unknown`, { method: 'POST' })).status).toBe(403)
  })
})
