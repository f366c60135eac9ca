import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils'
import { base64 } from '@scure/base'
import { compactSize, equal, hash160 } from './bip322.js'
import type { DecodedAddress } from './networks.js'

const PREFIX = utf8ToBytes('Bitcoin Signed Message:\n')

/** The legacy signmessage digest: double sha256 of the length-prefixed magic and message. */
export function signedMessageHash(message: string): Uint8Array {
  const bytes = utf8ToBytes(message)
  return sha256(sha256(concatBytes(compactSize(PREFIX.length), PREFIX, compactSize(bytes.length), bytes)))
}

/** Whether `signature` (base64) has the shape of a legacy message signature: 65 bytes, header 27–42. */
export function isSignedMessageSignature(signature: string): boolean {
  try {
    const bytes = base64.decode(signature)
    return bytes.length === 65 && bytes[0]! >= 27 && bytes[0]! <= 42
  } catch {
    return false
  }
}

/**
 * Whether `signature` is a legacy "Bitcoin Signed Message" (the recoverable ECDSA signature of
 * signmessage, BIP-137 headers: 27–30 uncompressed P2PKH, 31–34 compressed, 35–38 P2SH-P2WPKH,
 * 39–42 P2WPKH) of `message` by the key behind `address`: the recovered key's hash must be the
 * address's (P2PKH, P2WPKH, or the P2SH-wrapped P2WPKH script's). Wallets disagree on the header
 * they write for segwit addresses, so the key hash decides, not the header. Never throws.
 */
export function verifySignedMessage(address: DecodedAddress, message: string, signature: string): boolean {
  try {
    if (!isSignedMessageSignature(signature)) return false
    const bytes = base64.decode(signature)
    const header = bytes[0]!
    const compressed = header >= 31
    const sig = secp256k1.Signature.fromCompact(bytes.slice(1)).addRecoveryBit((header - 27) & 3)
    const pubkey = sig.recoverPublicKey(signedMessageHash(message)).toRawBytes(compressed)
    const keyHash = hash160(pubkey)
    if (address.type === 'pkh') return equal(keyHash, address.program)
    if (!compressed) return false
    if (address.type === 'wpkh') return equal(keyHash, address.program)
    if (address.type === 'sh') return equal(hash160(concatBytes(Uint8Array.of(0x00, 0x14), keyHash)), address.program)
    return false
  } catch {
    return false
  }
}
