/**
 * The Coinbase Wallet SDK's popup encryption, as the SDK does it (its util/cipher): ECDH on P-256
 * between a key pair per side, AES-GCM 256 with a 12-byte IV over JSON, public keys as SPKI hex and
 * private ones as PKCS#8 hex. Web Crypto only, so the same code runs in the popup and in Node.
 */
export type KeyKind = 'public' | 'private'
export interface Encrypted {
  iv: Uint8Array<ArrayBuffer> | ArrayBuffer
  cipherText: ArrayBuffer
}

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const

export function generateKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(ECDH, true, ['deriveKey'])
}

export async function exportKeyHex(kind: KeyKind, key: CryptoKey): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.exportKey(kind === 'public' ? 'spki' : 'pkcs8', key))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

export function importKeyHex(kind: KeyKind, hex: string): Promise<CryptoKey> {
  if (!/^([0-9a-f]{2})+$/i.test(hex)) throw new Error('not a hex key')
  const bytes = new Uint8Array(hex.match(/../g)!.map((h) => Number.parseInt(h, 16)))
  return crypto.subtle.importKey(kind === 'public' ? 'spki' : 'pkcs8', bytes, ECDH, true, kind === 'private' ? ['deriveKey'] : [])
}

export function deriveSecret(ownPrivateKey: CryptoKey, peerPublicKey: CryptoKey): Promise<CryptoKey> {
  return crypto.subtle.deriveKey({ name: 'ECDH', public: peerPublicKey }, ownPrivateKey, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
}

export async function encryptJson(secret: CryptoKey, content: unknown): Promise<Encrypted> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const cipherText = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, secret, new TextEncoder().encode(JSON.stringify(content)))
  return { iv, cipherText }
}

export async function decryptJson(secret: CryptoKey, { iv, cipherText }: Encrypted): Promise<unknown> {
  return JSON.parse(new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, secret, cipherText)))
}
