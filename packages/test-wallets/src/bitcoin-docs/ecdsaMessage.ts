/**
 * The legacy "Bitcoin Signed Message" (ECDSA over secp256k1, what bitcoinjs-message and the
 * bitcoin:signMessage feature's documentation point to): sha256d of the varint-prefixed
 * "\x18Bitcoin Signed Message:\n" + varint(len) + message, a 65-byte compact signature whose header
 * says how to recover the key and which address it stands for (BIP-137: 31..34 P2PKH compressed,
 * 39..42 P2WPKH).
 */
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { CompactSize } from '@scure/btc-signer'

const PREFIX = new TextEncoder().encode('\x18Bitcoin Signed Message:\n')

/** sha256d(prefix ‖ varint(len) ‖ message): the digest that is signed. */
export function legacyMessageHash(message: Uint8Array): Uint8Array {
  const length = CompactSize.encode(BigInt(message.length))
  const data = new Uint8Array(PREFIX.length + length.length + message.length)
  data.set(PREFIX, 0)
  data.set(length, PREFIX.length)
  data.set(message, PREFIX.length + length.length)
  return sha256(sha256(data))
}

export const BIP137_HEADER = { p2pkhCompressed: 31, p2wpkh: 39 } as const

/** header ‖ r ‖ s (65 bytes); low-S, RFC 6979 nonce. */
export function signLegacyMessage(privateKey: Uint8Array, message: Uint8Array, header: number = BIP137_HEADER.p2wpkh): Uint8Array {
  const signature = secp256k1.sign(legacyMessageHash(message), privateKey, { lowS: true })
  const out = new Uint8Array(65)
  out[0] = header + signature.recovery
  out.set(signature.toCompactRawBytes(), 1)
  return out
}
