import { createCipheriv, createPublicKey, diffieHellman, generateKeyPairSync, hkdfSync, randomBytes } from 'node:crypto'
import { AuthError } from './state.js'

/**
 * Everything the server releases that helps rebuild a key (a device's auth share, the recovery
 * material) is encrypted to the requesting device's ECDH P-256 key, HPKE-style: a fresh
 * ephemeral key per release, ECDH-ES, HKDF-SHA256, AES-256-GCM. Only the frame holding the
 * device's non-extractable private key opens it (packages/secure-frame/src/custody.ts,
 * openRelease). Format: base64url(JSON { v: 1, epk, iv, ct }), ct = ciphertext ‖ tag.
 */
export const RELEASE_SALT = 'portico-release:v1'

export function releaseInfo(context: string, epk: { x: string; y: string }) {
  return `${RELEASE_SALT}|${context}|${epk.x}.${epk.y}`
}

export function sealToDevice(encKey: string | null | undefined, plaintext: string, context: string): string {
  if (!encKey) throw new AuthError(401, 'This session has no device key. Sign in again')
  const recipient = createPublicKey({ key: JSON.parse(encKey), format: 'jwk' })
  const eph = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const shared = diffieHellman({ privateKey: eph.privateKey, publicKey: recipient })
  const epk = eph.publicKey.export({ format: 'jwk' }) as { kty: string; crv: string; x: string; y: string }
  const info = releaseInfo(context, epk)
  const key = Buffer.from(hkdfSync('sha256', shared, Buffer.from(RELEASE_SALT), Buffer.from(info), 32))
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(info))
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()])
  const sealed = { v: 1, epk: { kty: 'EC', crv: 'P-256', x: epk.x, y: epk.y }, iv: iv.toString('base64url'), ct: ct.toString('base64url') }
  return Buffer.from(JSON.stringify(sealed)).toString('base64url')
}
