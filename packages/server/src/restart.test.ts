// @vitest-environment node
import { formatSiwxMessage, type SIWXMessageData } from '@portico/core/spec'
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { connectRelayClient } from './relay/testing.js'
import { startTestServer } from './testing.js'

/**
 * A restart loses nothing: a registered name, a sign-in session (its token still lists it) and a
 * relay message no one had received yet (delivered to the subscriber that comes after the
 * restart). On PostgreSQL when PORTICO_TEST_DATABASE_URL is set (.ci/run), else on PGlite's files.
 */
const shared = process.env.PORTICO_TEST_DATABASE_URL
// Anvil's public dev key 1 (never holds real funds).
const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const schema = `restart_${process.pid}_${Date.now().toString(36)}`
let store: { databaseUrl?: string; dataDir?: string }
let cleanup: () => Promise<void>

beforeAll(async () => {
  if (shared) {
    const admin = new pg.Client({ connectionString: shared })
    await admin.connect()
    await admin.query(`create schema ${schema}`)
    const u = new URL(shared)
    u.searchParams.set('options', `-c search_path=${schema}`)
    store = { databaseUrl: u.toString() }
    cleanup = async () => {
      await admin.query(`drop schema if exists ${schema} cascade`)
      await admin.end()
    }
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'portico-restart-'))
    store = { dataDir, databaseUrl: undefined }
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true })
  }
})
afterAll(() => cleanup?.())

test(`names, sessions and undelivered relay messages survive a restart (${shared ? 'PostgreSQL' : 'PGlite files'})`, async () => {
  // As in production: the session token key and the public URL (the tokens' issuer) are configured,
  // not a per-process key and a free port.
  const signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }) as Record<string, unknown>
  const config = { ...store, rpcUrls: {}, siwx: { signingKey }, publicUrl: 'https://api.portico.test' }
  let server = await startTestServer(config)
  const api = (path: string) => `${server.url}${path}${path.includes('?') ? '&' : '?'}projectId=portico-dev`
  const post = async (path: string, body: unknown) => {
    const res = await fetch(api(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  const name = `restart${randomBytes(3).toString('hex')}.portico.id`
  const topic = randomBytes(32).toString('hex')
  let token: string
  try {
    // A name.
    const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
    const registered = await post('/v1/profile/account', { coinType: 60, address: account.address, message, signature: await account.signMessage({ message }) })
    expect(registered.status, JSON.stringify(registered.body)).toBe(200)

    // A sign-in session.
    const nonce = (await post(`/v1/sessions/${account.address}/nonce`, undefined)).body.nonce as string
    const data = {
      accountAddress: account.address,
      chainId: 'eip155:1',
      domain: '127.0.0.1:5173',
      uri: 'http://127.0.0.1:5173/login',
      version: '1',
      nonce,
      statement: 'Sign in to App',
      issuedAt: new Date().toISOString(),
    }
    const siwx = formatSiwxMessage(data as SIWXMessageData)
    const signedIn = await post(`/v1/sessions/${account.address}`, { data, message: siwx, signature: await account.signMessage({ message: siwx }) })
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200)
    token = signedIn.body.token as string

    // A relay message published while nobody listens.
    const publisher = await connectRelayClient(`${server.url.replace(/^http/, 'ws')}/relay`)
    expect(await publisher.request('irn_publish', { topic, message: 'kept-across-restarts', ttl: 300, tag: 1100 })).toBe(true)
    await publisher.close()
  } finally {
    await server.close()
  }

  server = await startTestServer(config)
  try {
    const found = await fetch(api(`/v1/profile/account/${name}`))
    expect(found.status).toBe(200)
    expect(((await found.json()) as { name: string }).name).toBe(name)

    const sessions = await fetch(api(`/v1/sessions/${account.address}`), { headers: { authorization: `Bearer ${token}` } })
    expect(sessions.status).toBe(200)
    expect(((await sessions.json()) as { sessions: unknown[] }).sessions).toHaveLength(1)

    const subscriber = await connectRelayClient(`${server.url.replace(/^http/, 'ws')}/relay`)
    await subscriber.request('irn_subscribe', { topic })
    const delivered = await subscriber.waitFor(() => subscriber.received.find((m) => m.params.data.topic === topic), 10_000)
    expect(delivered.params.data.message).toBe('kept-across-restarts')
    await subscriber.close()
  } finally {
    await server.close()
  }
}, 90_000)
