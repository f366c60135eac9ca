import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

export function randomId(): string {
  return randomBytes(16).toString('hex')
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url')
}

export function hmac(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url')
}

/** Constant-time comparison of two strings (of any length). */
export function safeEqual(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest()
  const y = createHash('sha256').update(b).digest()
  return timingSafeEqual(x, y) && a.length === b.length
}

/** A uniformly random code of `digits` digits (rejection sampling, no modulo bias). */
export function randomDigits(digits: number): string {
  let out = ''
  while (out.length < digits) {
    for (const byte of randomBytes(digits * 2)) if (byte < 250 && out.length < digits) out += String(byte % 10)
  }
  return out
}

/**
 * AES-256-GCM with associated data (what the row belongs to), so a ciphertext copied to
 * another row does not decrypt. Format: v1.<iv>.<tag>.<ciphertext>, base64url.
 */
export function seal(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(aad))
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
}

export function open(key: Buffer, sealed: string, aad: string): string {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown ciphertext format')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(aad))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
}
