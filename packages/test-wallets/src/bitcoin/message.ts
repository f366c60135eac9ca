/**
 * Message signatures a Bitcoin wallet gives: the legacy ECDSA "Bitcoin Signed Message" (65-byte
 * compact recoverable signature, BIP-137 header for the address type) and BIP-322 "simple" (the
 * witness of a virtual to_sign transaction spending a virtual to_spend one), both in base64.
 */
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { base64, hex } from '@scure/base'
import { RawTx, RawWitness, Script, SigHash, Transaction } from '@scure/btc-signer'
import type { BitcoinKey } from './keys'

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) out.set(p, (at += p.length) - p.length)
  return out
}
const sha256d = (bytes: Uint8Array) => sha256(sha256(bytes))
const utf8 = (text: string) => new TextEncoder().encode(text)

/** Bitcoin's CompactSize length prefix (messages here are short: up to 0xffff bytes... and beyond). */
function compactSize(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8)
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24)
}

const MAGIC = utf8('Bitcoin Signed Message:\n')

/** The hash the legacy format signs: sha256d(len(magic) magic len(message) message). */
export function legacyMessageHash(message: Uint8Array): Uint8Array {
  return sha256d(concat(compactSize(MAGIC.length), MAGIC, compactSize(message.length), message))
}

/** BIP-137 header base: 31 P2PKH compressed, 35 P2SH-P2WPKH, 39 P2WPKH (plus the recovery id). */
const HEADER_BASE = { p2pkh: 31, 'p2sh-p2wpkh': 35, p2wpkh: 39 } as const

/** Legacy ECDSA signature of `message` with a compressed key: base64 of header ‖ r ‖ s. */
export function signMessageEcdsa(key: Pick<BitcoinKey, 'privateKey'>, message: Uint8Array, addressType: keyof typeof HEADER_BASE = 'p2wpkh') {
  const hash = legacyMessageHash(message)
  const sig = secp256k1.sign(hash, key.privateKey, { lowS: true })
  const bytes = concat(Uint8Array.of(HEADER_BASE[addressType] + sig.recovery), sig.toCompactRawBytes())
  return { signature: base64.encode(bytes), signatureBytes: bytes, messageHash: hex.encode(hash) }
}

/** Recovers the compressed public key from a legacy signature (tests and self-checks). */
export function recoverMessageSigner(message: Uint8Array, signature: Uint8Array): Uint8Array {
  const header = signature[0]!
  if (signature.length !== 65 || header < 27 || header > 42) throw new Error('Not a 65-byte compact message signature')
  const recovery = (header - 27) & 3
  const sig = secp256k1.Signature.fromCompact(signature.slice(1)).addRecoveryBit(recovery)
  return sig.recoverPublicKey(legacyMessageHash(message)).toRawBytes(true)
}

const TAG = sha256(utf8('BIP0322-signed-message'))

/** BIP-322's message hash: the tagged hash "BIP0322-signed-message" of the message. */
export function bip322MessageHash(message: Uint8Array): Uint8Array {
  return sha256(concat(TAG, TAG, message))
}

/** The virtual to_spend transaction's id (internal byte order) for `message` and the signer's output script. */
export function bip322ToSpendTxid(message: Uint8Array, script: Uint8Array): Uint8Array {
  const raw = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [{ txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: Script.encode(['OP_0', bip322MessageHash(message)]), sequence: 0 }],
    outputs: [{ amount: 0n, script }],
    witnesses: undefined,
    lockTime: 0,
  })
  return sha256d(raw).reverse()
}

/** The virtual to_sign transaction for a segwit (v0 or v1) signer, unsigned. */
export function bip322ToSign(message: Uint8Array, key: Pick<BitcoinKey, 'script' | 'type' | 'publicKey'>): Transaction {
  const tx = new Transaction({ version: 0, allowUnknownOutputs: true })
  tx.addInput({
    txid: bip322ToSpendTxid(message, key.script),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: key.script, amount: 0n },
    ...(key.type === 'p2tr' ? { tapInternalKey: key.publicKey } : {}),
  })
  tx.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  return tx
}

/** BIP-322 simple signature (P2WPKH or P2TR key path): base64 of the to_sign input's witness. */
export function signMessageBip322(key: BitcoinKey, message: Uint8Array) {
  const tx = bip322ToSign(message, key)
  tx.signIdx(key.privateKey, 0, [key.type === 'p2tr' ? SigHash.DEFAULT : SigHash.ALL])
  tx.finalizeIdx(0)
  const witness = tx.getInput(0).finalScriptWitness!
  return { signature: base64.encode(RawWitness.encode(witness)), witness, messageHash: hex.encode(bip322MessageHash(message)) }
}
