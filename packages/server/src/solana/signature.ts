import { ed25519 } from '@noble/curves/ed25519'
import { getBase58Encoder } from '@solana/kit'

const base58 = getBase58Encoder()

/** Base58 text to bytes; undefined for anything that is not base58 of `length` bytes (-1: any length). */
export function base58Bytes(text: string, length: number): Uint8Array | undefined {
  if (!/^[1-9A-HJ-NP-Za-km-z]+$/.test(text)) return undefined
  try {
    const bytes = base58.encode(text)
    return length === -1 || bytes.length === length ? new Uint8Array(bytes) : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether `signature` (base58, 64 bytes) is the ed25519 signature of the UTF-8 `message` by the
 * key of the Solana `address` (base58, 32 bytes), as a wallet's signMessage makes it. Never throws.
 */
export function verifySolanaSignature(address: string, message: string, signature: string): boolean {
  const publicKey = base58Bytes(address, 32)
  const sig = base58Bytes(signature, 64)
  if (!publicKey || !sig) return false
  try {
    return ed25519.verify(sig, new TextEncoder().encode(message), publicKey)
  } catch {
    return false
  }
}
