import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils'
import { base64 } from '@scure/base'
import type { DecodedAddress } from './networks.js'

/*
 * BIP-322 'simple' signatures: the witness stack that spends the virtual `to_spend` output (whose
 * scriptPubKey is the address's) in the virtual `to_sign` transaction. Verified here for the two
 * single-key witness programs: P2WPKH (BIP-143 sighash, ECDSA) and P2TR key path (BIP-341 sighash, Schnorr).
 */

const dsha256 = (...parts: Uint8Array[]) => sha256(sha256(concatBytes(...parts)))
const taggedHash = (tag: string, ...parts: Uint8Array[]) => {
  const t = sha256(utf8ToBytes(tag))
  return sha256(concatBytes(t, t, ...parts))
}
export const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes))

const u32 = (n: number) => {
  const b = new Uint8Array(4)
  new DataView(b.buffer).setUint32(0, n, true)
  return b
}
const ZERO4 = new Uint8Array(4)
const ZERO8 = new Uint8Array(8)

/** Bitcoin's CompactSize length prefix. */
export function compactSize(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8)
  return concatBytes(Uint8Array.of(0xfe), u32(n))
}
const pushed = (bytes: Uint8Array) => concatBytes(compactSize(bytes.length), bytes)

/** BIP-322's message hash: sha256 tagged 'BIP0322-signed-message'. */
export function bip322MessageHash(message: string): Uint8Array {
  return taggedHash('BIP0322-signed-message', utf8ToBytes(message))
}

/** The `to_spend` transaction (no witness): version 0, one input OP_0 PUSH32[message hash], one 0-value output to `script`. */
export function toSpendTx(message: string, script: Uint8Array): Uint8Array {
  const scriptSig = concatBytes(Uint8Array.of(0x00, 0x20), bip322MessageHash(message))
  return concatBytes(ZERO4, Uint8Array.of(1), new Uint8Array(32), u32(0xffffffff), pushed(scriptSig), ZERO4, Uint8Array.of(1), ZERO8, pushed(script), ZERO4)
}

/** A transaction id (display order) of a serialized transaction without witness. */
export const txid = (tx: Uint8Array) => dsha256(tx).reverse()

/** The one output of `to_sign`: 0 value, OP_RETURN. */
const TO_SIGN_OUTPUTS = concatBytes(ZERO8, Uint8Array.of(1, 0x6a))

/** The `to_sign` transaction (no witness): spends to_spend:0 with nSequence 0, to the OP_RETURN output. */
export function toSignTx(message: string, script: Uint8Array): Uint8Array {
  const prevout = dsha256(toSpendTx(message, script))
  return concatBytes(ZERO4, Uint8Array.of(1), prevout, ZERO4, Uint8Array.of(0), ZERO4, Uint8Array.of(1), TO_SIGN_OUTPUTS, ZERO4)
}

/** A consensus-encoded witness stack; undefined when `bytes` is not exactly one. */
export function parseWitness(bytes: Uint8Array): Uint8Array[] | undefined {
  let at = 0
  const size = (): number | undefined => {
    const first = bytes[at++]
    if (first === undefined) return undefined
    if (first < 0xfd) return first
    if (first === 0xfd && at + 2 <= bytes.length) return bytes[at++]! | (bytes[at++]! << 8)
    return undefined
  }
  const count = size()
  if (count === undefined || count > 16) return undefined
  const items: Uint8Array[] = []
  for (let i = 0; i < count; i++) {
    const length = size()
    if (length === undefined || at + length > bytes.length) return undefined
    items.push(bytes.slice(at, at + length))
    at += length
  }
  return at === bytes.length ? items : undefined
}

/** BIP-143 sighash of to_sign's input for a P2WPKH key hash (amount 0). */
function segwitV0Sighash(message: string, script: Uint8Array, keyHash: Uint8Array, hashType: number): Uint8Array {
  const outpoint = concatBytes(dsha256(toSpendTx(message, script)), ZERO4)
  const scriptCode = concatBytes(Uint8Array.of(0x19, 0x76, 0xa9, 0x14), keyHash, Uint8Array.of(0x88, 0xac))
  return dsha256(ZERO4, dsha256(outpoint), dsha256(ZERO4), outpoint, scriptCode, ZERO8, ZERO4, dsha256(TO_SIGN_OUTPUTS), ZERO4, u32(hashType))
}

/** BIP-341 key-path sighash of to_sign's input (SIGHASH_DEFAULT or ALL: the only types a simple signature may use). */
function taprootSighash(message: string, script: Uint8Array, hashType: number): Uint8Array {
  const outpoint = concatBytes(dsha256(toSpendTx(message, script)), ZERO4)
  return taggedHash(
    'TapSighash',
    Uint8Array.of(0x00, hashType),
    ZERO4,
    ZERO4,
    sha256(outpoint),
    sha256(ZERO8),
    sha256(pushed(script)),
    sha256(ZERO4),
    sha256(TO_SIGN_OUTPUTS),
    Uint8Array.of(0x00),
    ZERO4,
  )
}

/**
 * Whether `signature` (base64 of the witness stack) is a BIP-322 simple signature of `message` by
 * `address` (P2WPKH or P2TR key path; any other type is refused). Only SIGHASH_ALL (or the
 * taproot default) is accepted. Never throws.
 */
export function verifyBip322Simple(address: DecodedAddress, message: string, signature: string): boolean {
  try {
    const witness = parseWitness(base64.decode(signature))
    if (!witness) return false
    if (address.type === 'wpkh' && witness.length === 2) {
      const [sig, pubkey] = witness as [Uint8Array, Uint8Array]
      if (pubkey.length !== 33 || sig.at(-1) !== 0x01) return false
      if (!equal(hash160(pubkey), address.program)) return false
      const digest = segwitV0Sighash(message, address.script, address.program, 0x01)
      return secp256k1.verify(secp256k1.Signature.fromDER(sig.slice(0, -1)), digest, pubkey, { prehash: false, lowS: false })
    }
    if (address.type === 'tr' && witness.length === 1) {
      const sig = witness[0]!
      if (sig.length !== 64 && !(sig.length === 65 && sig[64] === 0x01)) return false
      const hashType = sig.length === 65 ? 0x01 : 0x00
      return schnorr.verify(sig.slice(0, 64), taprootSighash(message, address.script, hashType), address.program)
    }
    return false
  } catch {
    return false
  }
}

export function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}
