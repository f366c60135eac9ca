import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex } from '@noble/hashes/utils'
import { base64 } from '@scure/base'
import { NETWORK, p2tr, p2wpkh, RawWitness, WIF } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import type { BitcoinAccount } from '../families/bip122Accounts.js'
import { bip322MessageHash, bip322ToSign, bip322ToSpendTxid, legacyMessageHash, signBip322Simple, signLegacyMessage } from './bitcoinMessage.js'

/** BIP-322's test vectors (bip-0322/basic-test-vectors.json), the 'smp' prefix of its latest text removed. */
const P2WPKH_KEY = 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k'
const P2WPKH_ADDRESS = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
const HELLO_WORLD_SIGS = [
  'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
  'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
]
const EMPTY_SIGS = [
  'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
  'AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
]
const txidOf = (tx: { unsignedTx: Uint8Array }) => bytesToHex(sha256(sha256(tx.unsignedTx)).reverse())
const P2TR_KEY = 'KyrSGCFPhqZMjCe5fNTYddiLMp4tMj4gLKuJ26TsB2rvr1VJGPbt'
const P2TR_ADDRESS = 'bc1pss0zhytly75awhm6x2hhvd5lnzv3vssgrf9axfheq8ldyzn88ges79fler'
const P2TR_SIG = 'AUCJYOwOjxYAvatTAGYaVlNXBVyFuc4MwNQkOuK2tl8xhfKDONd0NjfYyNSYcRqeCp8hsAnCEPHAVEkO9h6vbQ/R'

function payment(wif: string): BitcoinAccount {
  const privateKey = WIF(NETWORK).decode(wif)
  const publicKey = secp256k1.getPublicKey(privateKey, true)
  const { address, script } = p2wpkh(publicKey, NETWORK)
  return { intention: 'payment', address: address!, publicKey, path: 'm', script, privateKey }
}
function ordinal(wif: string): BitcoinAccount {
  const privateKey = WIF(NETWORK).decode(wif)
  const publicKey = schnorr.getPublicKey(privateKey)
  const { address, script } = p2tr(publicKey, undefined, NETWORK)
  return { intention: 'ordinal', address: address!, publicKey, path: 'm', script, privateKey }
}

describe('BIP-322 simple', () => {
  it("default: message hashes and virtual transactions match the BIP's vectors", () => {
    const { script, address } = payment(P2WPKH_KEY)
    expect(address).toBe(P2WPKH_ADDRESS)
    expect(bytesToHex(bip322MessageHash(''))).toBe('c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1')
    expect(bytesToHex(bip322MessageHash('Hello World'))).toBe('f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a')
    expect(bip322ToSpendTxid('', script)).toBe('c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7')
    expect(bip322ToSpendTxid('Hello World', script)).toBe('b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b')
    expect(txidOf(bip322ToSign('Hello World', payment(P2WPKH_KEY)))).toBe('88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf')
    expect(txidOf(bip322ToSign('', payment(P2WPKH_KEY)))).toBe('1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6')
  })

  it('default: P2WPKH "Hello World" and "" signatures are the BIP\'s (RFC 6979, deterministic)', () => {
    // The BIP lists two valid signatures of each message (the second is RFC 6979's, without grinding for low R).
    expect(HELLO_WORLD_SIGS).toContain(signBip322Simple('Hello World', payment(P2WPKH_KEY)))
    expect(EMPTY_SIGS).toContain(signBip322Simple('', payment(P2WPKH_KEY)))
  })

  it("default: P2TR: the BIP's signature and ours both verify against our to_sign sighash", () => {
    const account = ordinal(P2TR_KEY)
    expect(account.address).toBe(P2TR_ADDRESS)
    const message = 'No prefix fallback'
    // Our to_sign's BIP-341 sighash (SIGHASH_DEFAULT), and the output key it is checked against.
    const tx = bip322ToSign(message, account)
    const sighash = (tx as unknown as { preimageWitnessV1(i: number, s: Uint8Array[], h: number, a: bigint[]): Uint8Array }).preimageWitnessV1(
      0,
      [account.script],
      0,
      [0n],
    )
    const outputKey = account.script.slice(2)
    const theirs = RawWitness.decode(base64.decode(P2TR_SIG))
    expect(theirs).toHaveLength(1)
    expect(schnorr.verify(theirs[0]!, sighash, outputKey)).toBe(true)
    const ours = RawWitness.decode(base64.decode(signBip322Simple(message, account)))
    expect(ours[0]).toHaveLength(64)
    expect(schnorr.verify(ours[0]!, sighash, outputKey)).toBe(true)
  })
})

describe('legacy "Bitcoin Signed Message" (ECDSA)', () => {
  it('default: the signature recovers the P2WPKH key, BIP-137 header 39–42', () => {
    const account = payment(P2WPKH_KEY)
    const bytes = base64.decode(signLegacyMessage('Hello World', account))
    expect(bytes).toHaveLength(65)
    expect(bytes[0]).toBeGreaterThanOrEqual(39)
    expect(bytes[0]).toBeLessThanOrEqual(42)
    const recovered = secp256k1.Signature.fromCompact(bytes.slice(1))
      .addRecoveryBit(bytes[0]! - 39)
      .recoverPublicKey(legacyMessageHash('Hello World'))
    expect(recovered.toHex(true)).toBe(bytesToHex(account.publicKey))
  })

  it('default: the message hash is the one Bitcoin Core signs (double SHA-256 of the prefixed message)', () => {
    expect(bytesToHex(legacyMessageHash(''))).toBe('80e795d4a4caadd7047af389d9f7f220562feb6196032e2131e10563352c4bcc')
  })

  it('error: a taproot (ordinal) address has no ECDSA message signature', () => {
    expect(() => signLegacyMessage('x', ordinal(P2TR_KEY))).toThrow(/payment/)
  })
})
