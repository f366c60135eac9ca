// @vitest-environment node
import { ed25519 } from '@noble/curves/ed25519'
import { SOLANA_DEVNET_CAIP2 } from '@portico/devnet/solana-constants'
import { formatSiwxMessage, type SIWXMessageData } from '@portico/core/spec'
import { getBase58Decoder } from '@solana/kit'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEV_PROJECT } from '../config.js'
import { startTestServer } from '../testing.js'

/**
 * Sign-in with a Solana account (CAIP-122, ed25519) against a real server, and the attacks on it:
 * each refusal carries the same error as its EVM counterpart (sessions/routes.test.ts).
 */
let server: Awaited<ReturnType<typeof startTestServer>>
beforeAll(async () => {
  server = await startTestServer({ rpcUrls: {} }) // verification reads no chain
}, 60_000)
afterAll(() => server?.close())

const base58 = getBase58Decoder()
const newKey = () => {
  const secret = ed25519.utils.randomPrivateKey()
  return { secret, address: base58.decode(ed25519.getPublicKey(secret)) }
}
type Key = ReturnType<typeof newKey>
const sign = (key: Key, message: string) => base58.decode(ed25519.sign(new TextEncoder().encode(message), key.secret))

const api = async (path: string, body?: unknown, token?: string) => {
  const res = await fetch(`${server.url}${path}?projectId=${DEV_PROJECT.projectId}`, {
    method: body === undefined && !path.endsWith('/nonce') ? 'GET' : 'POST',
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as any }
}

async function messageFor(key: Key, over: Partial<SIWXMessageData> = {}) {
  const { nonce } = (await api(`/v1/sessions/${key.address}/nonce`)).body
  const data: SIWXMessageData = {
    accountAddress: key.address,
    chainId: SOLANA_DEVNET_CAIP2,
    domain: '127.0.0.1:5173',
    uri: 'http://127.0.0.1:5173',
    version: '1',
    nonce,
    statement: 'Please sign with your account',
    issuedAt: new Date().toISOString(),
    ...over,
  }
  const message = formatSiwxMessage(data)
  return { data, message, signature: sign(key, message) }
}

describe('SIWX with a Solana account', () => {
  test('default: the CAIP-122 Solana message signed with ed25519 is accepted; its token lists the session', async () => {
    const key = newKey()
    const signed = await messageFor(key)
    expect(signed.message.split('\n').slice(0, 2)).toEqual(['127.0.0.1:5173 wants you to sign in with your Solana account:', key.address])
    expect(signed.message).toContain(`\nChain ID: ${SOLANA_DEVNET_CAIP2}\n`)
    const res = await api(`/v1/sessions/${key.address}`, signed)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.session).toMatchObject({ data: { accountAddress: key.address, chainId: SOLANA_DEVNET_CAIP2 }, signature: signed.signature })
    const listed = await api(`/v1/sessions/${key.address}`, undefined, res.body.token)
    expect(listed.body.sessions.map((s: any) => s.data.nonce)).toEqual([signed.data.nonce])
  })

  test('attack: a forged signature, another key’s signature, an EVM signature → Invalid signature (401); the nonce survives', async () => {
    const victim = newKey()
    const signed = await messageFor(victim)
    const attacker = newKey()
    const evm = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
    const attempts = [
      base58.decode(crypto.getRandomValues(new Uint8Array(64))),
      sign(attacker, signed.message),
      await evm.signMessage({ message: signed.message }),
      signed.signature.slice(0, -2),
      '',
    ]
    for (const signature of attempts) {
      const res = await api(`/v1/sessions/${victim.address}`, { ...signed, signature })
      expect(res.status, signature).toBe(signature === '' ? 400 : 401)
      if (signature !== '') expect(res.body.error).toBe('Invalid signature')
    }
    // Another key signing its own message cannot claim the victim's address.
    const claimed = await messageFor(victim)
    const res = await api(`/v1/sessions/${victim.address}`, { ...claimed, signature: sign(attacker, claimed.message) })
    expect(res.body.error).toBe('Invalid signature')
    expect((await api(`/v1/sessions/${victim.address}`, signed)).status).toBe(200)
  })

  test('attack: a message for another domain, a tampered, stale or replayed message → the EVM errors', async () => {
    const key = newKey()
    const foreign = await messageFor(key, { domain: 'evil.example', uri: 'https://evil.example/login' })
    expect((await api(`/v1/sessions/${key.address}`, foreign)).body).toMatchObject({ error: 'Invalid domain' })
    const good = await messageFor(key)
    const tampered = { ...good, data: { ...good.data, statement: 'Something else' } }
    expect((await api(`/v1/sessions/${key.address}`, tampered)).body).toMatchObject({ error: 'Invalid message' })
    const stale = await messageFor(key, { issuedAt: new Date(Date.now() - 11 * 60_000).toISOString() })
    expect((await api(`/v1/sessions/${key.address}`, stale)).body).toMatchObject({ error: 'Session expired' })
    expect((await api(`/v1/sessions/${key.address}`, good)).status).toBe(200)
    const replay = await api(`/v1/sessions/${key.address}`, good)
    expect(replay).toMatchObject({ status: 401, body: { error: 'Invalid nonce' } })
  })

  test('attack: a Solana address on an eip155 chain, or a signed message of one address posted for another → refused', async () => {
    const key = newKey()
    const onEvm = await messageFor(key, { chainId: 'eip155:1' })
    expect((await api(`/v1/sessions/${key.address}`, onEvm)).body).toMatchObject({ error: 'Invalid session' })
    const other = newKey()
    const signed = await messageFor(key)
    expect((await api(`/v1/sessions/${other.address}`, signed)).body).toMatchObject({ error: 'Invalid session' })
  })
})
