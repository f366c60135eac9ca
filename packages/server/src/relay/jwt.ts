import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto'

/**
 * WalletConnect client auth: a JWT signed with the client's ed25519 key (EdDSA), whose `iss` is the
 * key itself as a did:key (`did:key:z` + base58btc(0xed 0x01 + 32-byte public key)). The `iss` is the
 * client's stable id: its mailbox on the relay.
 */
export interface ClientJwtClaims {
  iss: string
  sub?: string
  aud?: string
  iat?: number
  exp?: number
}

export type JwtResult = { ok: true; clientId: string; claims: ClientJwtClaims } | { ok: false; reason: string }

const DID_KEY_PREFIX = 'did:key:z'
const ED25519_MULTICODEC = [0xed, 0x01]
/** DER prefix of an ed25519 SubjectPublicKeyInfo; the 32-byte key follows. */
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')
/** Accepted clock difference between client and relay. */
const SKEW_S = 300
/** The SDK issues one-day tokens; anything much longer is refused. */
const MAX_LIFETIME_S = 7 * 24 * 3600

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

export function base58Decode(text: string): Uint8Array | null {
  let value = 0n
  for (const char of text) {
    const digit = BASE58.indexOf(char)
    if (digit < 0) return null
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

export function base58Encode(bytes: Uint8Array): string {
  let value = 0n
  for (const b of bytes) value = (value << 8n) | BigInt(b)
  let out = ''
  while (value > 0n) {
    out = BASE58[Number(value % 58n)] + out
    value /= 58n
  }
  for (const b of bytes) {
    if (b !== 0) break
    out = '1' + out
  }
  return out
}

/** The ed25519 public key inside a did:key, or null when it is not one. */
export function publicKeyFromDidKey(did: string): KeyObject | null {
  if (!did.startsWith(DID_KEY_PREFIX) || did.length > 80) return null
  const bytes = base58Decode(did.slice(DID_KEY_PREFIX.length))
  if (!bytes || bytes.length !== 34 || bytes[0] !== ED25519_MULTICODEC[0] || bytes[1] !== ED25519_MULTICODEC[1]) return null
  try {
    return createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, bytes.subarray(2)]), format: 'der', type: 'spki' })
  } catch {
    return null
  }
}

function base64UrlJson(part: string): unknown {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) return undefined
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
}

/**
 * Verifies a client JWT: EdDSA signature by the key in `iss`, `exp` in the future and `iat` not in
 * the future (both with a few minutes' skew). `aud` is not enforced: clients put the relay URL
 * exactly as they were configured (127.0.0.1 vs localhost, path, trailing slash), so it cannot be
 * compared reliably behind proxies.
 */
export function verifyClientJwt(token: string, nowMs = Date.now()): JwtResult {
  if (typeof token !== 'string' || token.length === 0) return { ok: false, reason: 'missing auth' }
  if (token.length > 4096) return { ok: false, reason: 'auth too long' }
  const parts = token.split('.')
  if (parts.length !== 3) return { ok: false, reason: 'malformed JWT' }
  const [h, p, s] = parts as [string, string, string]
  const header = base64UrlJson(h) as { alg?: unknown; typ?: unknown } | undefined
  const claims = base64UrlJson(p) as ClientJwtClaims | undefined
  if (!header || typeof header !== 'object' || header.alg !== 'EdDSA') return { ok: false, reason: 'unsupported JWT header' }
  if (!claims || typeof claims !== 'object' || typeof claims.iss !== 'string') return { ok: false, reason: 'JWT without iss' }
  const key = publicKeyFromDidKey(claims.iss)
  if (!key) return { ok: false, reason: 'iss is not an ed25519 did:key' }
  if (!/^[A-Za-z0-9_-]+$/.test(s)) return { ok: false, reason: 'malformed signature' }
  const signature = Buffer.from(s, 'base64url')
  if (signature.length !== 64 || !verify(null, Buffer.from(`${h}.${p}`), key, signature)) return { ok: false, reason: 'bad signature' }
  const now = Math.floor(nowMs / 1000)
  if (typeof claims.exp !== 'number' || claims.exp + SKEW_S < now) return { ok: false, reason: 'expired' }
  if (typeof claims.iat === 'number') {
    if (claims.iat - SKEW_S > now) return { ok: false, reason: 'issued in the future' }
    if (claims.exp - claims.iat > MAX_LIFETIME_S) return { ok: false, reason: 'lifetime too long' }
  } else if (claims.exp - now > MAX_LIFETIME_S) return { ok: false, reason: 'lifetime too long' }
  return { ok: true, clientId: claims.iss, claims }
}

/** Signs a client JWT the way the SDK does (for tests and tools). `seed` is a 32-byte ed25519 private key. */
export function signClientJwt(
  seed: Uint8Array,
  claims: Partial<ClientJwtClaims> & { aud?: string; ttlSeconds?: number } = {},
  nowMs = Date.now(),
): { token: string; clientId: string } {
  // PKCS#8 DER prefix for a raw ed25519 seed.
  const privateKey = createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(seed)]),
    format: 'der',
    type: 'pkcs8',
  })
  const raw = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(SPKI_ED25519_PREFIX.length)
  const clientId = DID_KEY_PREFIX + base58Encode(Uint8Array.from([...ED25519_MULTICODEC, ...raw]))
  const iat = claims.iat ?? Math.floor(nowMs / 1000)
  const { ttlSeconds = 86_400, ...rest } = claims
  const payload = { iss: clientId, sub: 'portico-test', aud: 'ws://127.0.0.1/relay', iat, exp: iat + ttlSeconds, ...rest }
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
  const data = `${enc({ alg: 'EdDSA', typ: 'JWT' })}.${enc(payload)}`
  return { token: `${data}.${sign(null, Buffer.from(data), privateKey).toString('base64url')}`, clientId }
}
