// Vectors: bitcoin/bips bip-0322.mediawiki "Test vectors" (P2WPKH), and the P2TR "Hello World" vector of
// Bitcoin Core's src/test/util_tests.cpp (the same key), which signs with SIGHASH_ALL.
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { base64, hex } from '@scure/base'
import { NETWORK, p2tr, p2wpkh, RawWitness, Script, SigHash, Transaction, WIF } from '@scure/btc-signer'
import { describe, expect, test } from 'vitest'
import { bip322MessageHash, bip322ToSpendId, signBip322Simple } from './bip322'
import { legacyMessageHash, signLegacyMessage } from './ecdsaMessage'

const utf8 = (s: string) => new TextEncoder().encode(s)
const privateKey = WIF(NETWORK).decode('L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k')
const publicKey = secp256k1.getPublicKey(privateKey, true)
const segwit = p2wpkh(publicKey, NETWORK)
const xOnly = publicKey.slice(1)
const taproot = p2tr(xOnly, undefined, NETWORK)
const segwitKey = { addressType: 'p2wpkh' as const, privateKey, publicKey, script: segwit.script }
const taprootKey = { addressType: 'p2tr' as const, privateKey, publicKey: xOnly, script: taproot.script }

/** The taproot key-path sighash of to_sign for a message, as a verifier computes it. */
function taprootSighash(message: Uint8Array, hashType: number): Uint8Array {
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true })
  toSign.addInput({ txid: bip322ToSpendId(message, taproot.script), index: 0, sequence: 0, witnessUtxo: { script: taproot.script, amount: 0n } })
  toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  return toSign.preimageWitnessV1(0, [taproot.script], hashType, [0n])
}

describe('BIP-322', () => {
  test('default: the message hashes of the BIP', () => {
    expect(hex.encode(bip322MessageHash(utf8('')))).toBe('c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1')
    expect(hex.encode(bip322MessageHash(utf8('Hello World')))).toBe('f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a')
  })

  test('default: the BIP’s key and address, its to_spend and to_sign hashes', () => {
    expect(segwit.address).toBe('bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l')
    expect(bip322ToSpendId(utf8(''), segwit.script)).toBe('c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7')
    expect(bip322ToSpendId(utf8('Hello World'), segwit.script)).toBe('b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b')
    expect(signBip322Simple(segwitKey, utf8('')).toSignId).toBe('1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6')
    expect(signBip322Simple(segwitKey, utf8('Hello World')).toSignId).toBe('88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf')
  })

  test('default: P2WPKH simple signatures are the BIP’s (RFC 6979 nonces, one of its two listed forms)', () => {
    expect([
      'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
      'AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
    ]).toContain(signBip322Simple(segwitKey, utf8('')).signature)
    expect([
      'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
      'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
    ]).toContain(signBip322Simple(segwitKey, utf8('Hello World')).signature)
  })

  test('behavior: the P2TR vector verifies over this to_sign; our P2TR signature verifies too', () => {
    expect(taproot.address).toBe('bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3')
    const message = utf8('Hello World')
    const outputKey = taproot.script.slice(2)
    const [vector] = RawWitness.decode(base64.decode('AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ=='))
    expect(vector?.length).toBe(65)
    expect(vector?.[64]).toBe(SigHash.ALL)
    expect(schnorr.verify(vector?.slice(0, 64) ?? new Uint8Array(), taprootSighash(message, SigHash.ALL), outputKey)).toBe(true)

    const ours = signBip322Simple(taprootKey, message)
    expect(ours.witness).toHaveLength(1)
    expect(ours.witness[0]).toHaveLength(64) // SIGHASH_DEFAULT: no sighash byte
    expect(schnorr.verify(ours.witness[0] ?? new Uint8Array(), taprootSighash(message, SigHash.DEFAULT), outputKey)).toBe(true)
    expect(schnorr.verify(ours.witness[0] ?? new Uint8Array(), taprootSighash(utf8('Hello World!'), SigHash.DEFAULT), outputKey)).toBe(false)
  })
})

describe('legacy Bitcoin Signed Message', () => {
  test('default: 65 bytes, BIP-137 P2WPKH header, recovers the signing key', () => {
    const message = utf8('Hello World')
    const signature = signLegacyMessage(privateKey, message)
    expect(signature).toHaveLength(65)
    const header = signature[0] ?? 0
    expect(header >= 39 && header <= 42).toBe(true)
    const recovered = secp256k1.Signature.fromCompact(signature.slice(1))
      .addRecoveryBit(header - 39)
      .recoverPublicKey(legacyMessageHash(message))
      .toRawBytes(true)
    expect(hex.encode(recovered)).toBe(hex.encode(publicKey))
  })
})
