/**
 * BIP-322 "simple" signatures (bitcoin/bips bip-0322.mediawiki): the witness that spends a virtual `to_spend`
 * output locked to the address's script, in a virtual `to_sign` transaction, consensus-encoded and base64'd.
 * P2WPKH (ECDSA, SIGHASH_ALL) and P2TR key path (Schnorr, SIGHASH_DEFAULT).
 */
import { sha256 } from '@noble/hashes/sha2'
import { base64, hex } from '@scure/base'
import { RawTx, RawWitness, Script, SigHash, Transaction } from '@scure/btc-signer'
import type { DocsKey } from './keys'

const TAG = new TextEncoder().encode('BIP0322-signed-message')

/** sha256_tag(m) with tag 'BIP0322-signed-message' (BIP-340's tagged hash). */
export function bip322MessageHash(message: Uint8Array): Uint8Array {
  const tagHash = sha256(TAG)
  const data = new Uint8Array(tagHash.length * 2 + message.length)
  data.set(tagHash, 0)
  data.set(tagHash, tagHash.length)
  data.set(message, tagHash.length * 2)
  return sha256(data)
}

/** to_spend's txid (display order) for a message and the script being signed with. */
export function bip322ToSpendId(message: Uint8Array, script: Uint8Array): string {
  const raw = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: Script.encode(['OP_0', bip322MessageHash(message)]),
        sequence: 0,
      },
    ],
    outputs: [{ amount: 0n, script }],
    witnesses: [],
    lockTime: 0,
  })
  return hex.encode(sha256(sha256(raw)).reverse())
}

export interface Bip322Signature {
  /** base64 of the consensus-encoded witness stack: what the BIP calls a simple signature. */
  signature: string
  witness: Uint8Array[]
  /** The message hash, hex. */
  messageHash: string
  /** to_sign's txid (without witness), hex: the BIP's "Transaction Hashes" vectors. */
  toSignId: string
}

/** Signs `message` for `key`'s address (P2WPKH or P2TR key path) as a BIP-322 simple signature. */
export function signBip322Simple(key: Pick<DocsKey, 'addressType' | 'privateKey' | 'publicKey' | 'script'>, message: Uint8Array): Bip322Signature {
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true })
  toSign.addInput({
    txid: bip322ToSpendId(message, key.script),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: key.script, amount: 0n },
    ...(key.addressType === 'p2tr' ? { tapInternalKey: key.publicKey } : {}),
  })
  toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  const sighash = key.addressType === 'p2tr' ? SigHash.DEFAULT : SigHash.ALL
  if (!toSign.signIdx(key.privateKey, 0, [sighash])) throw new Error('BIP-322: the key does not sign this script')
  toSign.finalizeIdx(0)
  const witness = toSign.getInput(0).finalScriptWitness
  if (!witness) throw new Error('BIP-322: no witness after finalizing')
  return {
    signature: base64.encode(RawWitness.encode(witness)),
    witness,
    messageHash: hex.encode(bip322MessageHash(message)),
    toSignId: toSign.id,
  }
}
