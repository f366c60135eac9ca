import { randomBytes } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { base58Decode, base58Encode, publicKeyFromDidKey, signClientJwt, verifyClientJwt } from './jwt.js'

describe('client JWT', () => {
  const seed = randomBytes(32)

  test('a good token verifies and its iss is the client id', () => {
    const { token, clientId } = signClientJwt(seed, { aud: 'ws://localhost:8787/relay' })
    expect(clientId).toMatch(/^did:key:z6Mk/)
    expect(verifyClientJwt(token)).toMatchObject({ ok: true, clientId })
  })

  test('aud is not enforced (127.0.0.1 and localhost differ)', () => {
    const { token } = signClientJwt(seed, { aud: 'wss://somewhere.else/' })
    expect(verifyClientJwt(token).ok).toBe(true)
  })

  test('a bad signature is refused', () => {
    const { token } = signClientJwt(seed)
    const [h, p, s] = token.split('.') as [string, string, string]
    const flipped = Buffer.from(s, 'base64url')
    flipped[0]! ^= 1
    expect(verifyClientJwt(`${h}.${p}.${flipped.toString('base64url')}`)).toEqual({ ok: false, reason: 'bad signature' })
    // Another key's signature over the same claims:
    const other = signClientJwt(randomBytes(32))
    expect(verifyClientJwt(`${h}.${p}.${other.token.split('.')[2]}`).ok).toBe(false)
    // Claims swapped under a valid signature:
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'x' })).toString('base64url')
    expect(verifyClientJwt(`${h}.${forged}.${s}`).ok).toBe(false)
  })

  test('expired, future and overly long tokens are refused', () => {
    const now = Date.now()
    const expired = signClientJwt(seed, { iat: Math.floor(now / 1000) - 3 * 86_400, ttlSeconds: 86_400 }, now)
    expect(verifyClientJwt(expired.token, now)).toEqual({ ok: false, reason: 'expired' })
    const future = signClientJwt(seed, { iat: Math.floor(now / 1000) + 3600 }, now)
    expect(verifyClientJwt(future.token, now)).toEqual({ ok: false, reason: 'issued in the future' })
    const long = signClientJwt(seed, { ttlSeconds: 365 * 86_400 }, now)
    expect(verifyClientJwt(long.token, now).ok).toBe(false)
  })

  test('garbage is refused without throwing', () => {
    for (const t of ['', 'a.b', 'a.b.c', '....', 'x'.repeat(5000), `${Buffer.from('{"alg":"none"}').toString('base64url')}.e30.`])
      expect(verifyClientJwt(t).ok).toBe(false)
    expect(publicKeyFromDidKey('did:key:z0OIl')).toBeNull()
    expect(publicKeyFromDidKey('did:web:example.com')).toBeNull()
  })

  test('base58 round trip keeps leading zeros', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 255, 0])
    expect(base58Decode(base58Encode(bytes))).toEqual(bytes)
  })
})
