import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils'
import { base64 } from '@scure/base'
import { CompactSize, RawTx, RawWitness, Script, Transaction } from '@scure/btc-signer'
import type { BitcoinAccount } from '../families/bip122Accounts.js'

/**
 * Bitcoin message signatures of the embedded wallet's accounts: BIP-322 'simple' (P2WPKH and P2TR, what SIWX on
 * bip122 verifies) and the legacy ECDSA "Bitcoin Signed Message" (BIP-137 header, P2WPKH only: P2TR has none).
 * Both base64; the BIP-322 witness is given without the 'smp' prefix that BIP-322's latest text adds, as the
 * wallets and verifiers in use today read it (a verifier assumes 'simple' without a prefix, the BIP says).
 */

const sha256d = (data: Uint8Array) => sha256(sha256(data))
const reversedHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .reverse()
    .join('')

/** BIP-340's tagged hash. */
function taggedHash(tag: string, data: Uint8Array) {
  const tagHash = sha256(utf8ToBytes(tag))
  return sha256(concatBytes(tagHash, tagHash, data))
}

/** BIP-322's message hash: the tagged hash 'BIP0322-signed-message' of the message's UTF-8 bytes. */
export const bip322MessageHash = (message: string) => taggedHash('BIP0322-signed-message', utf8ToBytes(message))

/** BIP-322's virtual to_spend transaction's txid (display order) for a message and the signer's output script. */
export function bip322ToSpendTxid(message: string, script: Uint8Array): string {
  const raw = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [{ txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: Script.encode(['OP_0', bip322MessageHash(message)]), sequence: 0 }],
    outputs: [{ amount: 0n, script }],
    witnesses: [],
    lockTime: 0,
  })
  return reversedHex(sha256d(raw))
}

/** BIP-322's virtual to_sign transaction, unsigned: spends to_spend's output to an OP_RETURN. */
export function bip322ToSign(message: string, account: Pick<BitcoinAccount, 'intention' | 'script' | 'publicKey'>): Transaction {
  const tx = new Transaction({ version: 0, lockTime: 0, allowUnknownOutputs: true })
  tx.addInput({
    txid: bip322ToSpendTxid(message, account.script),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: account.script, amount: 0n },
    ...(account.intention === 'ordinal' ? { tapInternalKey: account.publicKey } : {}),
  })
  tx.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  return tx
}

/** BIP-322 simple: the to_sign input's witness, serialized and base64. */
export function signBip322Simple(message: string, account: BitcoinAccount, auxRand?: Uint8Array): string {
  const tx = bip322ToSign(message, account)
  tx.signIdx(account.privateKey, 0, undefined, auxRand)
  tx.finalizeIdx(0)
  return base64.encode(RawWitness.encode(tx.getInput(0).finalScriptWitness!))
}

/** The legacy message hash: double SHA-256 of "\x18Bitcoin Signed Message:\n", the message's length and bytes. */
export function legacyMessageHash(message: string): Uint8Array {
  const prefix = utf8ToBytes('\x18Bitcoin Signed Message:\n')
  const bytes = utf8ToBytes(message)
  return sha256d(concatBytes(prefix, CompactSize.encode(BigInt(bytes.length)), bytes))
}

/** BIP-137's header for a native segwit (P2WPKH) address: 39 + the recovery id. */
const P2WPKH_HEADER = 39

/** The legacy ECDSA signature (65 bytes: header, r, s) of a P2WPKH account, base64. */
export function signLegacyMessage(message: string, account: BitcoinAccount): string {
  if (account.intention !== 'payment') throw new Error('ECDSA message signatures are defined for the payment (P2WPKH) address only')
  const signature = secp256k1.sign(legacyMessageHash(message), account.privateKey, { lowS: true })
  return base64.encode(concatBytes(new Uint8Array([P2WPKH_HEADER + signature.recovery]), signature.toCompactRawBytes()))
}
