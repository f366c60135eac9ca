import { formatSiwxMessage, type SIWXMessageData } from '@portico/core'
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

async function session(
  over: { chainId?: string; nonce?: string; expirationTime?: string; accountAddress?: string; issuedAt?: string; statement?: string } = {},
) {
  const data = {
    accountAddress: over.accountAddress ?? ADDRESS,
    chainId: over.chainId ?? 'eip155:1',
    domain: '127.0.0.1:5173',
    uri: 'http://127.0.0.1:5173/login',
    version: '1',
    nonce: over.nonce ?? 'nonce-1',
    statement: over.statement ?? 'Sign in to App',
    issuedAt: over.issuedAt ?? new Date().toISOString(),
    ...(over.expirationTime ? { expirationTime: over.expirationTime } : {}),
  }
  const message = formatSiwxMessage(data as SIWXMessageData)
  return { data, message, signature: await account.signMessage({ message }) }
}

describe('SIWX sessions', () => {
  test('add, list (all or one chain), per project', async () => {
    const added = await post(`/v1/sessions/${ADDRESS}`, await session())
    expect(added.status).toBe(200)
    expect(added.body.session).toMatchObject({ data: { nonce: 'nonce-1', chainId: 'eip155:1' } })
    expect(added.body.session.signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(Date.parse(added.body.session.createdAt)).toBeGreaterThan(0)
    expect((await post(`/v1/sessions/${ADDRESS}`, { ...(await session({ chainId: 'eip155:137', nonce: 'n2' })), cacao: { h: { t: 'caip122' } } })).status).toBe(200)

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
    await post(`/v1/sessions/${ADDRESS}`, await session({ chainId: 'eip155:10', nonce: 'same' }))
    const second = await session({ chainId: 'eip155:10', nonce: 'same', statement: 'Signed again' })
    expect((await post(`/v1/sessions/${ADDRESS}`, second)).status).toBe(200)
    const sessions = (await list(ADDRESS, '?chainId=eip155:10')).body.sessions
    expect(sessions).toHaveLength(1)
    expect(sessions[0].signature).toBe(second.signature)
  })

  test('expired sessions are not listed', async () => {
    const soon = new Date(Date.now() + 1200).toISOString()
    await post(`/v1/sessions/${ADDRESS}`, await session({ chainId: 'eip155:8453', nonce: 'short-lived', expirationTime: soon }))
    expect((await list(ADDRESS, '?chainId=eip155:8453')).body.sessions).toHaveLength(1)
    await new Promise((r) => setTimeout(r, 1400))
    expect((await list(ADDRESS, '?chainId=eip155:8453')).body.sessions).toHaveLength(0)
  })

  test('revoke: by nonce, by chain, all; other projects keep theirs', async () => {
    await post(`/v1/sessions/${ADDRESS}`, await session({ nonce: 'other-project-nonce' }), 'other-project')
    expect((await post(`/v1/sessions/${ADDRESS}/revoke`, { nonce: 'nonce-1' })).body).toEqual({ revoked: 1 })
    expect((await post(`/v1/sessions/${ADDRESS}/revoke`, { chainId: 'eip155:137' })).body).toEqual({ revoked: 1 })
    expect((await post(`/v1/sessions/${ADDRESS}/revoke`, { chainId: 'eip155:137' })).body).toEqual({ revoked: 0 })
    const rest = await fetch(url(`/v1/sessions/${ADDRESS}/revoke`), { method: 'POST' })
    expect(await rest.json()).toEqual({ revoked: 1 })
    expect((await list(ADDRESS)).body.sessions).toEqual([])
    expect((await list(ADDRESS, '', 'other-project')).body.sessions).toHaveLength(1)
  })

  test('Solana sign-in is refused until its verification exists', async () => {
    const res = await post(`/v1/sessions/${SOLANA}`, await session({ accountAddress: SOLANA, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }))
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('Unsupported chain')
  })

  test('error: a forged signature, a tampered message, a stale message or a foreign domain is rejected', async () => {
    const good = await session({ nonce: 'forged' })
    const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
    const forged = await post(`/v1/sessions/${ADDRESS}`, { ...good, signature: await other.signMessage({ message: good.message }) })
    expect(forged.status).toBe(401)
    expect(forged.body.error).toBe('Invalid signature')
    const tampered = await post(`/v1/sessions/${ADDRESS}`, { ...good, data: { ...good.data, statement: 'Something else' } })
    expect(tampered.body.error).toBe('Invalid message')
    const stale = await post(`/v1/sessions/${ADDRESS}`, await session({ nonce: 'old', issuedAt: new Date(Date.now() - 11 * 60_000).toISOString() }))
    expect(stale.body.error).toBe('Session expired')
    const data = { ...good.data, domain: 'evil.example', uri: 'https://evil.example/login' }
    const message = formatSiwxMessage(data as SIWXMessageData)
    const foreign = await post(`/v1/sessions/${ADDRESS}`, { data, message, signature: await account.signMessage({ message }) })
    expect(foreign.body.error).toBe('Invalid domain')
    expect((await list(ADDRESS, '?chainId=eip155:1')).body.sessions.map((s: { data: { nonce: string } }) => s.data.nonce)).not.toContain('forged')
  })

  test('error: garbage addresses, params and bodies are 400 JSON', async () => {
    for (const [address, query] of [['nope', ''], ['0x12', ''], ['%3Cscript%3E', ''], [ADDRESS, '?chainId=1'], [ADDRESS, '?chainId=%%']]) {
      const res = await list(address!, query)
      expect(res.status, `${address}${query}`).toBe(400)
      expect(typeof res.body.error).toBe('string')
    }
    const good = await session({ nonce: 'garbage' })
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
