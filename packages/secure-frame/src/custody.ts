import { base64urlnopad } from '@scure/base'
import { hkdf } from '@noble/hashes/hkdf'
import { hmac } from '@noble/hashes/hmac'
import { scryptAsync } from '@noble/hashes/scrypt'
import { sha256 } from '@noble/hashes/sha2'
import { utf8ToBytes } from '@noble/hashes/utils'

/**
 * The frame's side of the custody design (CUSTODY.md), WebCrypto and @noble only, so it runs in
 * the frame and in Node tests alike:
 * - the DEVICE KEY: an ECDSA P-256 key that signs a DPoP-style proof for every request, and an
 *   ECDH P-256 key that released shares are encrypted to; both private keys non-extractable;
 * - opening a release (ECDH-ES + HKDF-SHA256 + AES-256-GCM, the server's auth/release.ts);
 * - the FACTOR keys: from a passkey's PRF output or scrypt of a password, an authentication key
 *   (the server checks proofs with it) and a wrap key (the server never sees it), and the
 *   recovery key that wraps the recovery's first half;
 * - the proofs' formats (the server's auth/proofs.ts).
 */
const subtle = () => globalThis.crypto.subtle
const b64 = base64urlnopad
const enc = (text: string) => new TextEncoder().encode(text)
const buf = (bytes: Uint8Array) => bytes as unknown as BufferSource

export interface EcPublicJwk {
  kty: 'EC'
  crv: 'P-256'
  x: string
  y: string
}

export interface DeviceKeys {
  sign: CryptoKeyPair
  enc: CryptoKeyPair
  signJwk: EcPublicJwk
  encJwk: EcPublicJwk
  /** RFC 7638 thumbprint of the signing key. */
  jkt: string
  /** 32 hex characters derived from jkt: the device id the server uses. */
  deviceId: string
}

const publicJwk = async (key: CryptoKey): Promise<EcPublicJwk> => {
  const jwk = await subtle().exportKey('jwk', key)
  return { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y! }
}

/** RFC 7638: SHA-256 over the required members in lexicographic order. */
export function jwkThumbprint(jwk: EcPublicJwk): string {
  return b64.encode(sha256(utf8ToBytes(`{"crv":"P-256","kty":"EC","x":"${jwk.x}","y":"${jwk.y}"}`)))
}

export function deviceIdOf(jkt: string): string {
  return Array.from(b64.decode(jkt).subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('')
}

export async function describeDeviceKeys(sign: CryptoKeyPair, encPair: CryptoKeyPair): Promise<DeviceKeys> {
  const signJwk = await publicJwk(sign.publicKey)
  const encJwk = await publicJwk(encPair.publicKey)
  const jkt = jwkThumbprint(signJwk)
  return { sign, enc: encPair, signJwk, encJwk, jkt, deviceId: deviceIdOf(jkt) }
}

/** A new device key pair; the private halves cannot be exported by anyone, script included. */
export async function createDeviceKeys(): Promise<DeviceKeys> {
  const sign = await subtle().generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
  const encPair = await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])
  return describeDeviceKeys(sign, encPair)
}

const randomJti = () => b64.encode(globalThis.crypto.getRandomValues(new Uint8Array(18)))

/** A DPoP proof for one request (the server's auth/dpop.ts). */
export async function createProof(
  keys: DeviceKeys,
  request: { method: string; url: string; accessToken?: string; body?: string; now?: number },
): Promise<string> {
  const url = new URL(request.url)
  const header = { typ: 'dpop+jwt', alg: 'ES256', jwk: keys.signJwk }
  const payload: Record<string, unknown> = {
    htm: request.method.toUpperCase(),
    htu: `${url.origin}${url.pathname}`,
    iat: Math.floor((request.now ?? Date.now()) / 1000),
    jti: randomJti(),
    enc: keys.encJwk,
  }
  if (request.accessToken) payload.ath = b64.encode(sha256(utf8ToBytes(request.accessToken)))
  if (request.body) payload.bh = b64.encode(sha256(utf8ToBytes(request.body)))
  const input = `${b64.encode(enc(JSON.stringify(header)))}.${b64.encode(enc(JSON.stringify(payload)))}`
  const signature = new Uint8Array(await subtle().sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.sign.privateKey, enc(input)))
  return `${input}.${b64.encode(signature)}`
}

export const RELEASE_SALT = 'portico-release:v1'

/** Opens what the server sealed to this device (auth/release.ts). */
export async function openRelease(keys: DeviceKeys, sealed: string, context: string): Promise<string> {
  const box = JSON.parse(new TextDecoder().decode(b64.decode(sealed.replace(/=+$/, '')))) as { v: number; epk: EcPublicJwk; iv: string; ct: string }
  if (box.v !== 1 || box.epk?.kty !== 'EC' || box.epk.crv !== 'P-256') throw new Error('Unknown release format')
  const epk = await subtle().importKey('jwk', { kty: 'EC', crv: 'P-256', x: box.epk.x, y: box.epk.y }, { name: 'ECDH', namedCurve: 'P-256' }, false, [])
  const shared = new Uint8Array(await subtle().deriveBits({ name: 'ECDH', public: epk }, keys.enc.privateKey, 256))
  const info = `${RELEASE_SALT}|${context}|${box.epk.x}.${box.epk.y}`
  const key = hkdf(sha256, shared, utf8ToBytes(RELEASE_SALT), utf8ToBytes(info), 32)
  const aes = await subtle().importKey('raw', buf(key), 'AES-GCM', false, ['decrypt'])
  const plain = await subtle().decrypt({ name: 'AES-GCM', iv: buf(b64.decode(box.iv)), additionalData: enc(info) }, aes, buf(b64.decode(box.ct)))
  return new TextDecoder().decode(plain)
}

/** The two keys a factor's secret gives: one the server may check, one it never sees. */
export function factorKeys(secret: Uint8Array): { authKey: Uint8Array; wrapKey: Uint8Array } {
  const salt = utf8ToBytes('portico-factor:v1')
  return { authKey: hkdf(sha256, secret, salt, utf8ToBytes('auth'), 32), wrapKey: hkdf(sha256, secret, salt, utf8ToBytes('wrap'), 32) }
}

/** The key that wraps the recovery's first half: from the wallet secret, so any unlocked device has it. */
export function recoveryKey(entropy: Uint8Array): Uint8Array {
  return hkdf(sha256, entropy, utf8ToBytes('portico-recovery:v1'), utf8ToBytes('wrap'), 32)
}

/** AES-256-GCM under a raw key, with what it is for as associated data: base64url(iv ‖ ct). */
export async function wrap(key: Uint8Array, plaintext: string, aad: string): Promise<string> {
  const aes = await subtle().importKey('raw', buf(key), 'AES-GCM', false, ['encrypt'])
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12))
  const ct = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: enc(aad) }, aes, enc(plaintext)))
  const out = new Uint8Array(iv.length + ct.length)
  out.set(iv)
  out.set(ct, iv.length)
  return b64.encode(out)
}

export async function unwrap(key: Uint8Array, wrapped: string, aad: string): Promise<string> {
  const bytes = b64.decode(wrapped)
  const aes = await subtle().importKey('raw', buf(key), 'AES-GCM', false, ['decrypt'])
  const plain = await subtle().decrypt({ name: 'AES-GCM', iv: buf(bytes.subarray(0, 12)), additionalData: enc(aad) }, aes, buf(bytes.subarray(12)))
  return new TextDecoder().decode(plain)
}

/** What each wrap is for (associated data). */
export const WRAP_AAD = { recoveryShare: 'portico-recovery-share:v1', recoveryKey: 'portico-recovery-key:v1' } as const

export const factorProof = (authKey: Uint8Array, factorId: string, challenge: string, jkt: string) =>
  b64.encode(hmac(sha256, authKey, utf8ToBytes(`portico-factor-proof:v1|${factorId}|${challenge}|${jkt}`)))

export const keyProofMessage = (purpose: string, challenge: string, jkt: string) =>
  `Portico wallet key proof\nPurpose: ${purpose}\nChallenge: ${challenge}\nDevice: ${jkt}`

export interface PasswordKdf {
  alg: 'scrypt'
  N: number
  r: 8
  p: 1
  salt: string
}
export const MIN_PASSWORD_LENGTH = 10

export function newPasswordKdf(): PasswordKdf {
  return { alg: 'scrypt', N: 2 ** 17, r: 8, p: 1, salt: b64.encode(globalThis.crypto.getRandomValues(new Uint8Array(16))) }
}

/** scrypt of the password (NFKC): costly on purpose, since whoever holds the database can guess offline. */
export async function passwordSecret(password: string, kdf: PasswordKdf): Promise<Uint8Array> {
  return scryptAsync(utf8ToBytes(password.normalize('NFKC')), b64.decode(kdf.salt), { N: kdf.N, r: kdf.r, p: kdf.p, dkLen: 32, asyncTick: 20 })
}

export const randomSalt = () => b64.encode(globalThis.crypto.getRandomValues(new Uint8Array(32)))
export const toB64url = (bytes: Uint8Array) => b64.encode(bytes)
export const fromB64url = (text: string) => b64.decode(text)
