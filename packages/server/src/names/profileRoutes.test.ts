import { startDevnet, DEV_ACCOUNTS, type Devnet } from '@portico/devnet'
import { createTestClient, getAddress, http, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestServer } from '../testing.js'

// Public anvil dev keys (never hold real funds).
const alice = privateKeyToAccount(DEV_ACCOUNTS[1]!.privateKey)
const mallory = privateKeyToAccount(DEV_ACCOUNTS[2]!.privateKey)
const COIN_TYPE_31337 = (0x80000000 | 31337) >>> 0

let devnet: Devnet
let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  devnet = await startDevnet({ randomPorts: true, skipFixtures: true })
  server = await startTestServer({ rpcUrls: { 'eip155:31337': devnet.chains[0]!.rpcUrl } })
}, 60_000)
afterAll(async () => {
  await server?.close()
  await devnet?.stop()
})

const api = (path: string) => `${server.url}${path}${path.includes('?') ? '&' : '?'}projectId=portico-dev`
const get = async (path: string) => {
  const res = await fetch(api(path))
  return { status: res.status, body: await res.json() }
}
const post = async (path: string, body: unknown) => {
  const res = await fetch(api(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}
const now = () => Math.floor(Date.now() / 1000)
const messageFor = (name: string, extra: object = {}) => JSON.stringify({ name, attributes: {}, timestamp: now(), ...extra })
async function signed(account = alice, name = 'alice.portico.id', extra: object = {}) {
  const message = messageFor(name, extra)
  return { coinType: COIN_TYPE_31337, address: account.address, message, signature: await account.signMessage({ message }) }
}

describe('name registration', () => {
  test('registers a name signed by a real account', async () => {
    const res = await post('/v1/profile/account', await signed(alice, 'Alice.portico.id', { attributes: { avatar: 'https://img.example/a.png' } }))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      name: 'alice.portico.id',
      addresses: { [String(COIN_TYPE_31337)]: { address: alice.address } },
      attributes: { avatar: 'https://img.example/a.png' },
    })
    expect(Date.parse(res.body.registered_at)).toBeGreaterThan(Date.now() - 60_000)
    expect(res.body.updated_at).toBe(res.body.registered_at)
  })

  test('lookup by full name or bare label; 404 when unregistered', async () => {
    const full = await get('/v1/profile/account/alice.portico.id')
    expect(full.status).toBe(200)
    expect(full.body.name).toBe('alice.portico.id')
    expect((await get('/v1/profile/account/ALICE')).body.name).toBe('alice.portico.id')
    const missing = await get('/v1/profile/account/nobody.portico.id')
    expect(missing).toEqual({ status: 404, body: { error: 'Name not found', reasons: [{ description: 'nobody.portico.id is not registered' }] } })
  })

  test('error: a forged signature (signed by another key) is rejected', async () => {
    const forged = { ...(await signed(mallory, 'forged.portico.id')), address: alice.address }
    const res = await post('/v1/profile/account', forged)
    expect(res.status).toBe(401)
    expect(res.body.error).toBe('Invalid signature')
    expect(res.body.reasons[0].description).toContain(alice.address)
    expect((await get('/v1/profile/account/forged.portico.id')).status).toBe(404)
  })

  test('error: a signature of a different message is rejected', async () => {
    const body = await signed(alice, 'other.portico.id')
    const res = await post('/v1/profile/account', { ...body, message: messageFor('other2.portico.id') })
    expect(res.status).toBe(401)
  })

  test('error: stale and future timestamps are rejected', async () => {
    const stale = await post('/v1/profile/account', await signed(alice, 'stale.portico.id', { timestamp: now() - 11 * 60 }))
    expect(stale.status).toBe(400)
    expect(stale.body).toEqual({ error: 'Stale message', reasons: [{ description: expect.stringContaining('10 minutes') }] })
    const future = await post('/v1/profile/account', await signed(alice, 'future.portico.id', { timestamp: now() + 5 * 60 }))
    expect(future.status).toBe(400)
    expect(future.body.reasons[0].description).toContain('future')
  })

  test('error: a taken name is 409', async () => {
    const res = await post('/v1/profile/account', await signed(mallory, 'alice.portico.id'))
    expect(res.status).toBe(409)
    expect(res.body).toEqual({ error: 'Name taken', reasons: [{ description: 'alice.portico.id is already registered; choose another name' }] })
  })

  test('error: names breaking the rule or missing the suffix are 400 with a helpful reason', async () => {
    for (const name of ['abc.portico.id', 'al_ice.portico.id', 'alice.eth', 'alice']) {
      const res = await post('/v1/profile/account', await signed(alice, name))
      expect(res.status, name).toBe(400)
      expect(res.body.error).toBe('Invalid name')
      expect(res.body.reasons[0].description).toMatch(/portico\.id/)
    }
  })

  test('error: garbage bodies are 400 JSON, never 500', async () => {
    const good = await signed(alice, 'garbage.portico.id')
    const cases: unknown[] = [
      '{not json',
      '[]',
      'null',
      {},
      { ...good, coinType: 'sixty' },
      { ...good, coinType: 1.5 },
      { ...good, coinType: 501 },
      { ...good, address: 'nope' },
      { ...good, address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' },
      { ...good, message: 'not json' },
      { ...good, message: '{"name":5}' },
      { ...good, signature: 'not hex' },
      { ...good, signature: 42 },
      { ...good, message: 'x'.repeat(10_000) },
    ]
    for (const body of cases) {
      const res = await post('/v1/profile/account', body)
      expect([400, 401], JSON.stringify(body).slice(0, 80)).toContain(res.status)
      expect(typeof res.body.error).toBe('string')
    }
    const noType = await fetch(api('/v1/profile/account'), { method: 'POST', body: 'x' })
    expect(noType.status).toBeLessThan(500)
    expect((await get('/v1/profile/account/garbage.portico.id')).status).toBe(404)
  })

  test('coin type 60 (chain 1) and a signed-| coin type both register', async () => {
    const mainnet = await post('/v1/profile/account', { ...(await signed(alice, 'alice-main.portico.id')), coinType: 60 })
    expect(mainnet.status).toBe(200)
    expect(Object.keys(mainnet.body.addresses)).toEqual(['60'])
    const signedOr = await post('/v1/profile/account', { ...(await signed(alice, 'alice-neg.portico.id')), coinType: 0x80000000 | 31337 })
    expect(signedOr.status).toBe(200)
    expect(Object.keys(signedOr.body.addresses)).toEqual([String(COIN_TYPE_31337)])
  })
})

describe('contract accounts (EIP-1271 through the devnet)', () => {
  // Runtime code returning 0x1626ba7e (valid) for any call; the other returns zero (invalid).
  const ACCEPT_ALL = '0x631626ba7e60e01b60005260206000f3' as Hex
  const REJECT_ALL = '0x60206000f3' as Hex
  const wallet = '0x000000000000000000000000000000000000c0de'
  const rejecting = '0x000000000000000000000000000000000000dead'

  test('a contract account that accepts the signature registers; one that rejects does not', async () => {
    const test = createTestClient({ mode: 'anvil', transport: http(devnet.chains[0]!.rpcUrl) })
    await test.setCode({ address: wallet, bytecode: ACCEPT_ALL })
    await test.setCode({ address: rejecting, bytecode: REJECT_ALL })
    const message = messageFor('contract-wallet.portico.id')
    const ok = await post('/v1/profile/account', { coinType: COIN_TYPE_31337, address: wallet, message, signature: '0x1234' })
    expect(ok.status).toBe(200)
    expect(ok.body.addresses[String(COIN_TYPE_31337)].address).toBe(getAddress(wallet))
    const no = await post('/v1/profile/account', {
      coinType: COIN_TYPE_31337,
      address: rejecting,
      message: messageFor('rejected-wallet.portico.id'),
      signature: '0x1234',
    })
    expect(no.status).toBe(401)
    expect(no.body.reasons[0].description).toContain('EIP-1271')
  })

  test('error: a chain without RPC cannot check contract accounts', async () => {
    const res = await post('/v1/profile/account', {
      coinType: (0x80000000 | 10) >>> 0,
      address: wallet,
      message: messageFor('norpc-wallet.portico.id'),
      signature: '0x1234',
    })
    expect(res.status).toBe(401)
    expect(res.body.reasons[0].description).toContain('no RPC for eip155:10')
  })
})

describe('reverse lookup, suggestions, identity', () => {
  test('reverse: the names of an address, oldest first; other addresses none', async () => {
    const res = await get(`/v1/profile/reverse/${alice.address.toLowerCase()}`)
    expect(res.status).toBe(200)
    expect(res.body.map((r: { name: string }) => r.name)).toEqual(['alice.portico.id', 'alice-main.portico.id', 'alice-neg.portico.id'])
    expect((await get(`/v1/profile/reverse/${alice.address}?coinType=60`)).body.map((r: { name: string }) => r.name)).toEqual(['alice-main.portico.id'])
    expect((await get(`/v1/profile/reverse/${DEV_ACCOUNTS[4]!.address}`)).body).toEqual([])
  })

  test('suggestions: the requested name, then available variants with the suffix', async () => {
    await post('/v1/profile/account', await signed(alice, 'alice1.portico.id'))
    const res = await get('/v1/profile/suggestions/alice')
    expect(res.status).toBe(200)
    const [first, ...rest] = res.body.suggestions
    expect(first).toEqual({ name: 'alice.portico.id', registered: true })
    expect(rest.length).toBe(4)
    for (const s of rest) {
      expect(s.registered).toBe(false)
      expect(s.name).toMatch(/^[a-z0-9-]{4,}\.portico\.id$/)
    }
    expect(rest.map((s: { name: string }) => s.name)).not.toContain('alice1.portico.id')
    expect((await get('/v1/profile/suggestions/brand-new.portico.id')).body.suggestions[0]).toEqual({
      name: 'brand-new.portico.id',
      registered: false,
    })
  })

  test('identity: the first registered name and its avatar; nulls for unknown addresses', async () => {
    expect((await get(`/v1/identity/${alice.address}`)).body).toEqual({ name: 'alice.portico.id', avatar: 'https://img.example/a.png' })
    expect((await get(`/v1/identity/${alice.address}?chainId=eip155:1`)).body).toEqual({ name: 'alice-main.portico.id', avatar: null })
    expect((await get(`/v1/identity/${DEV_ACCOUNTS[4]!.address}?chainId=1`)).body).toEqual({ name: null, avatar: null })
  })

  test('error: malformed names, addresses and params are 400 JSON', async () => {
    for (const path of [
      '/v1/profile/account/a%20b',
      '/v1/profile/account/ab',
      '/v1/profile/suggestions/%3Cscript%3E',
      '/v1/profile/suggestions/x',
      '/v1/profile/reverse/0x123',
      '/v1/profile/reverse/%00',
      `/v1/profile/reverse/${alice.address}?coinType=abc`,
      '/v1/identity/not-an-address',
      `/v1/identity/${alice.address}?chainId=%%%`,
      `/v1/profile/account/${'a'.repeat(300)}`,
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(400)
      expect(typeof res.body.error).toBe('string')
    }
  })

  test('the name, identity, session and onramp routes are in the OpenAPI document', async () => {
    const doc = await (await fetch(`${server.url}/openapi.json`)).json()
    for (const p of [
      '/v1/profile/account',
      '/v1/profile/account/{name}',
      '/v1/profile/reverse/{address}',
      '/v1/profile/suggestions/{name}',
      '/v1/identity/{address}',
      '/v1/sessions/{address}',
      '/v1/sessions/{address}/revoke',
      '/v1/onramp/options',
      '/v1/onramp/quote',
      '/v1/onramp/providers',
      '/v1/generators/onrampurl',
      '/sandbox/onramp',
      '/sandbox/onramp/complete',
    ])
      expect(doc.paths[p], p).toBeDefined()
  })
})
