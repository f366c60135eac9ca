import { afterEach, describe, expect, test } from 'vitest'
import { createHttpClient } from '../api/http.js'
import { desktopEnvironment, memoryStorage } from '../environment.js'
import { createStorage, StorageKeys } from '../storage.js'
import { startHttpServer, type Recorded } from '../test/httpServer.js'
import { createServerSiwx } from './serverConfig.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
let close: (() => Promise<void>) | undefined
afterEach(() => close?.())

/** A stand-in for the server's sign-in routes: one-time nonces, a token per stored session, 401 for a dead one. */
async function setup(now = { t: Date.parse('2030-01-01T00:00:00Z') }) {
  const live = new Set<string>()
  let n = 0
  const auth = (req: Recorded) => String(req.headers.authorization ?? '').replace(/^Bearer /, '')
  const server = await startHttpServer({
    [`POST /v1/sessions/${ADDRESS}/nonce`]: () => ({ json: { nonce: `nonce${++n}abcdef`, expiresAt: '2030-01-01T00:10:00Z' } }),
    [`POST /v1/sessions/${ADDRESS}`]: (req) => {
      const token = `token-${(req.body as { data: { chainId: string } }).data.chainId}`
      live.add(token)
      return { json: { session: req.body, token, expiresAt: '2030-01-02T00:00:00Z' } }
    },
    [`GET /v1/sessions/${ADDRESS}`]: (req) => (live.has(auth(req)) ? { json: { sessions: [] } } : { status: 401, json: { error: 'Unauthorized' } }),
    [`POST /v1/sessions/${ADDRESS}/revoke`]: (req) => {
      if (!live.has(auth(req))) return { status: 401, json: { error: 'Unauthorized' } }
      live.delete(`token-${(req.body as { chainId: string }).chainId}`)
      return { json: { revoked: 1 } }
    },
  })
  close = server.close
  const backing = memoryStorage()
  const api = createHttpClient({ baseUrl: server.url, fetch: globalThis.fetch, defaultQuery: () => ({ projectId: 'p' }) })
  const environment = { ...desktopEnvironment, origin: () => 'https://site.example' }
  const siwx = createServerSiwx(api, environment, createStorage(backing), { now: () => now.t }, {})
  const signIn = async (chainId: `eip155:${number}`) => {
    const { data, text } = await siwx.createMessage({ accountAddress: ADDRESS, chainId })
    await siwx.addSession({ data, message: text, signature: '0x01' })
    return data
  }
  return { server, siwx, backing, live, signIn, now }
}

describe('server sign-in: nonce from the server, token kept in storage', () => {
  test('default: the message carries the server nonce; the returned token is stored and sent to list', async () => {
    const { server, siwx, backing, signIn } = await setup()
    const data = await signIn('eip155:1')
    expect(data.nonce).toBe('nonce1abcdef')
    expect(JSON.parse(backing.getItem(StorageKeys.siwxTokens)!)).toEqual({
      [ADDRESS.toLowerCase()]: { 'eip155:1': { token: 'token-eip155:1', expiresAt: Date.parse('2030-01-02T00:00:00Z') } },
    })
    expect(await siwx.getSessions('eip155:1', ADDRESS)).toEqual([])
    const listed = server.requests.find((r) => r.method === 'GET')!
    expect(listed.headers.authorization).toBe('Bearer token-eip155:1')
  })

  test('behavior: without a token nothing is asked and there are no sessions', async () => {
    const { server, siwx } = await setup()
    expect(await siwx.getSessions('eip155:1', ADDRESS)).toEqual([])
    await siwx.revokeSession('eip155:1', ADDRESS)
    expect(server.requests).toEqual([])
  })

  test('behavior: revoking each signed chain works with the chain tokens in turn, and forgets them', async () => {
    const { siwx, backing, live, signIn } = await setup()
    await signIn('eip155:1')
    await signIn('eip155:10')
    await siwx.revokeSession('eip155:1', ADDRESS)
    await siwx.revokeSession('eip155:10', ADDRESS)
    expect(live.size).toBe(0)
    expect(backing.getItem(StorageKeys.siwxTokens)).toBeNull()
  })

  test('behavior: a token the server refuses (revoked elsewhere) is dropped, and an expired one is not sent', async () => {
    const { server, siwx, backing, live, signIn, now } = await setup()
    await signIn('eip155:1')
    live.clear()
    expect(await siwx.getSessions('eip155:1', ADDRESS)).toEqual([])
    expect(backing.getItem(StorageKeys.siwxTokens)).toBeNull()

    await signIn('eip155:1')
    now.t = Date.parse('2030-01-03T00:00:00Z')
    const before = server.requests.length
    expect(await siwx.getSessions('eip155:1', ADDRESS)).toEqual([])
    expect(server.requests.length).toBe(before)
  })
})
