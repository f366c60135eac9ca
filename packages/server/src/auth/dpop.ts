import { createHash } from 'node:crypto'
import { EmbeddedJWK, calculateJwkThumbprint, decodeProtectedHeader, jwtVerify, type JWK, type JWTPayload, type ProtectedHeaderParameters } from 'jose'
import { AuthError, type Auth } from './state.js'

/**
 * DPoP-style proof of possession (RFC 9449 shape) for every call to the auth API: the secure
 * frame signs each request with its device key, an ECDSA P-256 key it generated as
 * NON-EXTRACTABLE WebCrypto key and keeps in its IndexedDB. The proof is a JWT
 *   header  { typ: 'dpop+jwt', alg: 'ES256', jwk: <public signing key> }
 *   payload { htm, htu, iat, jti, ath?, bh?, enc? }
 * htm/htu: the request's method and URL (no query); iat: within dpopMaxAgeSec of the server's
 * clock; jti: single use (replay cache in auth_dpop_jtis); ath: SHA-256 of the access token when
 * one is sent (tokens are bound to the key's thumbprint, cnf.jkt); bh: SHA-256 of the request
 * body; enc: the device's ECDH P-256 public key that released shares are encrypted to.
 * The device id is derived from the key, so no one names a device without holding its key.
 */
export interface DeviceProof {
  /** RFC 7638 thumbprint of the signing key (base64url SHA-256). */
  jkt: string
  /** 32 hex characters derived from jkt: the device's id everywhere on the server. */
  deviceId: string
  /** The device's ECDH public key (as JSON text), when the proof carried one. */
  encKey?: string
}

const b64url = (data: Buffer | string) => createHash('sha256').update(data).digest('base64url')

/** The device id a signing key's thumbprint names (hex of its first 16 bytes). */
export function deviceIdOf(jkt: string): string {
  return Buffer.from(jkt, 'base64url').subarray(0, 16).toString('hex')
}

/** SHA-256 of an access token, base64url (the proof's ath). */
export const tokenHash = (token: string) => b64url(token)
/** SHA-256 of a request body, base64url (the proof's bh). */
export const bodyHash = (body: string) => b64url(body)

function checkEcPublicJwk(value: unknown): JWK | undefined {
  const jwk = value as Record<string, unknown> | undefined
  if (!jwk || typeof jwk !== 'object' || jwk.kty !== 'EC' || jwk.crv !== 'P-256') return undefined
  if (typeof jwk.x !== 'string' || typeof jwk.y !== 'string' || 'd' in jwk) return undefined
  if (!/^[A-Za-z0-9_-]{43}$/.test(jwk.x) || !/^[A-Za-z0-9_-]{43}$/.test(jwk.y)) return undefined
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }
}

/**
 * Verifies the request's DPoP header. `url` is the server's public URL of the path (what the
 * frame called); `body` the raw request body; `accessToken` the token the request carries.
 */
export async function verifyDeviceProof(
  auth: Auth,
  request: { proof: string | undefined; method: string; url: string; body?: string; accessToken?: string },
): Promise<DeviceProof> {
  const proof = request.proof
  if (!proof || proof.length > 4000) throw new AuthError(401, 'A device proof is required')
  let header: ProtectedHeaderParameters
  try {
    header = decodeProtectedHeader(proof)
  } catch {
    throw new AuthError(401, 'Invalid device proof')
  }
  const signingKey = checkEcPublicJwk(header.jwk)
  if (header.typ !== 'dpop+jwt' || header.alg !== 'ES256' || !signingKey) throw new AuthError(401, 'Invalid device proof')
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(proof, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256'], currentDate: new Date(auth.settings.now()) }))
  } catch {
    throw new AuthError(401, 'Invalid device proof')
  }
  const now = Math.floor(auth.settings.now() / 1000)
  const maxAge = auth.settings.dpopMaxAgeSec
  const expected = new URL(request.url)
  const htu = typeof payload.htu === 'string' ? URL.canParse(payload.htu) && new URL(payload.htu) : undefined
  if (
    payload.htm !== request.method.toUpperCase() ||
    !htu ||
    `${htu.origin}${htu.pathname}` !== `${expected.origin}${expected.pathname}` ||
    typeof payload.iat !== 'number' ||
    Math.abs(now - payload.iat) > maxAge ||
    typeof payload.jti !== 'string' ||
    !/^[A-Za-z0-9_-]{16,64}$/.test(payload.jti)
  )
    throw new AuthError(401, 'Invalid device proof')
  if (request.accessToken !== undefined && payload.ath !== tokenHash(request.accessToken)) throw new AuthError(401, 'Invalid device proof')
  if (request.body !== undefined && request.body !== '' && payload.bh !== bodyHash(request.body)) throw new AuthError(401, 'Invalid device proof')
  const enc = payload.enc === undefined ? undefined : checkEcPublicJwk(payload.enc)
  if (payload.enc !== undefined && !enc) throw new AuthError(401, 'Invalid device proof')
  const jkt = await calculateJwkThumbprint(signingKey, 'sha256')
  // Single use: a proof seen before (a replayed request) is refused.
  const db = auth.ctx.db
  const seen = await db.query('insert into auth_dpop_jtis (jti, expires_at) values ($1, $2) on conflict (jti) do nothing returning jti', [
    `${jkt}:${payload.jti}`,
    new Date((payload.iat + maxAge + 5) * 1000),
  ])
  if (!seen.length) throw new AuthError(401, 'This request was already used')
  if (Math.random() < 0.02) await db.query('delete from auth_dpop_jtis where expires_at < $1', [new Date(auth.settings.now() - 60_000)])
  return { jkt, deviceId: deviceIdOf(jkt), encKey: enc ? JSON.stringify(enc) : undefined }
}
