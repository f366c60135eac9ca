import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEV_PROJECT } from '../config.js'
import { startTestServer } from '../testing.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOLANA = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({
    rpcUrls: {}, // no chains: nothing here reads one
    projects: [DEV_PROJECT, { projectId: 'other-project', name: 'Other', allowedOrigins: [], features: {}, analytics: false }],
  })
}, 60_000)
afterAll(() => server?.close())

const url = (path: string, project = 'portico-dev') => `${server.url}${path}${path.includes('?') ? '&' : '?'}projectId=${project}`
const list = async (address: string, query = '', project?: string) => {
  const res = await fetch(url(`/v1/sessions/${address}${query}`, project))
  return { status: res.status, body: await res.json() }
}
const post = async (path: string, body: unknown, project?: string) => {
  const res = await fetch(url(path, project), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}

function session(over: { chainId?: string; nonce?: string; expirationTime?: string; accountAddress?: string } = {}) {
  const data = {
    accountAddress: over.accountAddress ?? ADDRESS,
    chainId: over.chainId ?? 'eip155:1',
    domain: 'app.example',
    uri: 'https://app.example/login',
    version: '1',
    nonce: over.nonce ?? 'nonce-1',
    statement: 'Sign in to App',
    issuedAt: new Date().toISOString(),
    ...(over.expirationTime ? { expirationTime: over.expirationTime } : {}),
  }
  return { data, message: `app.example wants you to sign in with your account:\n${data.accountAddress}\nNonce: ${data.nonce}`, signature: '0xabcdef' }
}

describe('SIWX sessions', () => {
  test('add, list (all or one chain), per project', async () => {
    const added = await post(`/v1/sessions/${ADDRESS}`, session())
    expect(added.status).toBe(200)
    expect(added.body.session).toMatchObject({ data: { nonce: 'nonce-1', chainId: 'eip155:1' }, signature: '0xabcdef' })
    expect(Date.parse(added.body.session.createdAt)).toBeGreaterThan(0)
    expect((await post(`/v1/sessions/${ADDRESS}`, { ...session({ chainId: 'eip155:137', nonce: 'n2' }), cacao: { h: { t: 'caip122' } } })).status).toBe(200)

    // The address is matched case-insensitively for EVM.
    const all = await list(ADDRESS.toLowerCase())
    expect(all.status).toBe(200)
    expect(all.body.sessions.map((s: { data: { nonce: string } }) => s.data.nonce)).toEqual(['nonce-1', 'n2'])
    expect(all.body.sessions[1].cacao).toEqual({ h: { t: 'caip122' } })
    expect(all.body.sessions[0].cacao).toBeUndefined()

    const polygon = await list(ADDRESS, '?chainId=eip155:137')
    expect(polygon.body.sessions.map((s: { data: { nonce: string } }) => s.data.nonce)).toEqual(['n2'])
    expect((await list(ADDRESS, '', 'other-project')).body).toEqual({ sessions: [] })
  })

  test('the same chain and nonce replaces the stored session', async () => {
    const replaced = session({ chainId: 'eip155:10', nonce: 'same' })
    await post(`/v1/sessions/${ADDRESS}`, replaced)
    await post(`/v1/sessions/${ADDRESS}`, { ...replaced, signature: '0x1234' })
    const sessions = (await list(ADDRESS, '?chainId=eip155:10')).body.sessions
    expect(sessions).toHaveLength(1)
    expect(sessions[0].signature).toBe('0x1234')
  })

  test('expired sessions are not listed', async () => {
    const soon = new Date(Date.now() + 1200).toISOString()
    await post(`/v1/sessions/${ADDRESS}`, session({ chainId: 'eip155:8453', nonce: 'short-lived', expirationTime: soon }))
    expect((await list(ADDRESS, '?chainId=eip155:8453')).body.sessions).toHaveLength(1)
    await new Promise((r) => setTimeout(r, 1400))
    expect((await list(ADDRESS, '?chainId=eip155:8453')).body.sessions).toHaveLength(0)
  })

  test('revoke: by nonce, by chain, all; other projects keep theirs', async () => {
    await post(`/v1/sessions/${ADDRESS}`, session({ nonce: 'other-project-nonce' }), 'other-project')
    expect((await post(`/v1/sessions/${ADDRESS}/revoke`, { nonce: 'nonce-1' })).body).toEqual({ revoked: 1 })
    expect((await post(`/v1/sessions/${ADDRESS}/revoke`, { chainId: 'eip155:137' })).body).toEqual({ revoked: 1 })
    expect((await post(`/v1/sessions/${ADDRESS}/revoke`, { chainId: 'eip155:137' })).body).toEqual({ revoked: 0 })
    const rest = await fetch(url(`/v1/sessions/${ADDRESS}/revoke`), { method: 'POST' })
    expect(await rest.json()).toEqual({ revoked: 1 })
    expect((await list(ADDRESS)).body.sessions).toEqual([])
    expect((await list(ADDRESS, '', 'other-project')).body.sessions).toHaveLength(1)
  })

  test('Solana addresses are stored as given', async () => {
    expect((await post(`/v1/sessions/${SOLANA}`, session({ accountAddress: SOLANA, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }))).status).toBe(200)
    expect((await list(SOLANA)).body.sessions).toHaveLength(1)
  })

  test('error: garbage addresses, params and bodies are 400 JSON', async () => {
    for (const [address, query] of [['nope', ''], ['0x12', ''], ['%3Cscript%3E', ''], [ADDRESS, '?chainId=1'], [ADDRESS, '?chainId=%%']]) {
      const res = await list(address!, query)
      expect(res.status, `${address}${query}`).toBe(400)
      expect(typeof res.body.error).toBe('string')
    }
    const good = session({ nonce: 'garbage' })
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
    expect((await post(`/v1/sessions/${ADDRESS}/revoke`, { chainId: 5 })).status).toBe(400)
    expect((await post(`/v1/sessions/${ADDRESS}/revoke`, '{x')).status).toBe(400)
    expect((await post('/v1/sessions/nope/revoke', {})).status).toBe(400)
    expect((await list(ADDRESS, '?chainId=eip155:1')).body.sessions).toEqual([])
  })

  test('error: sessions need a known project', async () => {
    expect((await fetch(`${server.url}/v1/sessions/${ADDRESS}`)).status).toBe(400)
    expect((await fetch(`${server.url}/v1/sessions/${ADDRESS}?projectId=unknown`)).status).toBe(403)
  })
})
