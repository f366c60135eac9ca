import { secp256k1 } from '@noble/curves/secp256k1'
import { hexToBytes } from '@noble/hashes/utils'
import { base64 } from '@scure/base'
import { p2wpkh, RawWitness, Transaction } from '@scure/btc-signer'
import { pubECDSA } from '@scure/btc-signer/utils.js'
import { toSpendTx, txid } from './bip322.js'
import { bitcoinNetwork, decodeAddress } from './networks.js'
import { signedMessageHash } from './signedMessage.js'

/*
 * Signers for the bip122 tests, as wallets make signatures: a BIP-322 simple signature signed by
 * @scure/btc-signer's own transaction code (not the verifier's sighash), and a legacy signmessage one.
 */

/** A BIP-322 simple signature of `message` by the P2WPKH key `privateKey` (hex) on `chainId`. */
export function signBip322(chainId: string, privateKey: string, message: string): { address: string; signature: string } {
  const key = hexToBytes(privateKey)
  const payment = p2wpkh(pubECDSA(key, true), bitcoinNetwork(chainId))
  const script = decodeAddress(payment.address!, bitcoinNetwork(chainId))!.script
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true })
  toSign.addInput({ txid: txid(toSpendTx(message, script)), index: 0, sequence: 0, witnessUtxo: { script, amount: 0n } })
  toSign.addOutput({ script: Uint8Array.of(0x6a), amount: 0n })
  toSign.sign(key)
  toSign.finalizeIdx(0)
  return { address: payment.address!, signature: base64.encode(RawWitness.encode(toSign.getInput(0).finalScriptWitness!)) }
}

/** A legacy "Bitcoin Signed Message" signature (compressed key, base64) by `privateKey` (hex). */
export function signLegacyMessage(privateKey: string, message: string): string {
  const sig = secp256k1.sign(signedMessageHash(message), hexToBytes(privateKey))
  return base64.encode(Uint8Array.of(31 + sig.recovery!, ...sig.toCompactRawBytes()))
}
