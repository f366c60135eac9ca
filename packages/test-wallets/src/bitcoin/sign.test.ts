import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { base64, hex } from '@scure/base'
import { p2tr, p2wpkh, RawWitness, SigHash, Transaction, WIF } from '@scure/btc-signer'
import { describe, expect, test } from 'vitest'
import { bitcoinDevAccount, type BitcoinKey } from './keys'
import { bip322MessageHash, bip322ToSign, bip322ToSpendTxid, recoverMessageSigner, signMessageBip322, signMessageEcdsa } from './message'
import { REGTEST } from './network'
import { ownInputs, parsePsbt, psbtBase64, PsbtError, signInputs } from './psbt'

const utf8 = (s: string) => new TextEncoder().encode(s)

// BIP-322's test vectors (bips/bip-0322.mediawiki): one key, its P2WPKH and P2TR addresses.
const VECTOR_PRIVATE_KEY = WIF().decode('L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k')
const vectorPublicKey = secp256k1.getPublicKey(VECTOR_PRIVATE_KEY, true)
const vectorP2wpkh = p2wpkh(vectorPublicKey)
const vectorP2tr = p2tr(vectorPublicKey.slice(1))
const vectorKey = (type: 'p2wpkh' | 'p2tr'): BitcoinKey => {
  const payment = type === 'p2wpkh' ? vectorP2wpkh : vectorP2tr
  return {
    address: payment.address!,
    publicKey: type === 'p2wpkh' ? vectorPublicKey : vectorPublicKey.slice(1),
    privateKey: VECTOR_PRIVATE_KEY,
    path: 'm',
    script: payment.script,
    type,
  }
}

/** to_sign's id leaves the witness out, but @scure/btc-signer gives ids of final transactions only. */
function signedToSign(message: string) {
  const tx = bip322ToSign(utf8(message), vectorKey('p2wpkh'))
  tx.signIdx(VECTOR_PRIVATE_KEY, 0)
  tx.finalizeIdx(0)
  return tx
}

describe('BIP-322 simple', () => {
  test('message hashes, to_spend and to_sign ids of the BIP', () => {
    expect(hex.encode(bip322MessageHash(utf8('')))).toBe('c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1')
    expect(hex.encode(bip322MessageHash(utf8('Hello World')))).toBe('f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a')
    expect(vectorP2wpkh.address).toBe('bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l')
    expect(hex.encode(bip322ToSpendTxid(utf8(''), vectorP2wpkh.script))).toBe('c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7')
    expect(hex.encode(bip322ToSpendTxid(utf8('Hello World'), vectorP2wpkh.script))).toBe('b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b')
    expect(signedToSign('').id).toBe('1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6')
    expect(signedToSign('Hello World').id).toBe('88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf')
  })

  // The BIP publishes two signatures per message (Bitcoin Core's, with a low R, and plain RFC 6979's): ours is the
  // second byte for byte, and both verify against our to_sign sighash.
  const P2WPKH_VECTORS = [
    ['', 'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='],
    ['', 'AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy'],
    [
      'Hello World',
      'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
    ],
    [
      'Hello World',
      'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
    ],
  ] as const

  test("P2WPKH: the BIP's signatures verify, ours is the BIP's RFC 6979 one", () => {
    const key = vectorKey('p2wpkh')
    for (const [message, signature] of P2WPKH_VECTORS) {
      const [sig, publicKey] = RawWitness.decode(base64.decode(signature))
      expect(hex.encode(publicKey!)).toBe(hex.encode(vectorPublicKey))
      const sighash = bip322ToSign(utf8(message), key).preimageWitnessV0(0, p2pkhScriptCode(vectorPublicKey), sig!.at(-1)!, 0n)
      expect(secp256k1.verify(secp256k1.Signature.fromDER(sig!.slice(0, -1)).toCompactRawBytes(), sighash, vectorPublicKey)).toBe(true)
      const other = bip322ToSign(utf8(message + '!'), key).preimageWitnessV0(0, p2pkhScriptCode(vectorPublicKey), sig!.at(-1)!, 0n)
      expect(secp256k1.verify(secp256k1.Signature.fromDER(sig!.slice(0, -1)).toCompactRawBytes(), other, vectorPublicKey)).toBe(false)
    }
    expect(signMessageBip322(key, utf8('')).signature).toBe(P2WPKH_VECTORS[1][1])
    expect(signMessageBip322(key, utf8('Hello World')).signature).toBe(P2WPKH_VECTORS[3][1])
  })

  test("P2TR: the BIP's signature verifies against our to_sign sighash, and ours verifies too", () => {
    const key = vectorKey('p2tr')
    expect(key.address).toBe('bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3')
    const tweaked = vectorP2tr.tweakedPubkey
    const sighash = (type: number) => bip322ToSign(utf8('Hello World'), key).preimageWitnessV1(0, [key.script], type, [0n])

    const [vectorSig] = RawWitness.decode(base64.decode('AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ=='))
    expect(vectorSig!.length).toBe(65) // 64-byte Schnorr signature + SIGHASH_ALL
    expect(schnorr.verify(vectorSig!.slice(0, 64), sighash(vectorSig![64]!), tweaked)).toBe(true)
    expect(schnorr.verify(vectorSig!.slice(0, 64), sighash(SigHash.DEFAULT), tweaked)).toBe(false)

    const ours = RawWitness.decode(base64.decode(signMessageBip322(key, utf8('Hello World')).signature))
    expect(ours).toHaveLength(1)
    expect(ours[0]!.length).toBe(64) // SIGHASH_DEFAULT: no sighash byte
    expect(schnorr.verify(ours[0]!, sighash(SigHash.DEFAULT), tweaked)).toBe(true)
    expect(schnorr.verify(ours[0]!, bip322ToSign(utf8('Hello'), key).preimageWitnessV1(0, [key.script], SigHash.DEFAULT, [0n]), tweaked)).toBe(false)
  })
})

describe('legacy ECDSA "Bitcoin Signed Message"', () => {
  test('a 65-byte BIP-137 P2WPKH signature recovering the payment key', () => {
    const { payment } = bitcoinDevAccount(0)
    const { signatureBytes, signature } = signMessageEcdsa(payment, utf8('Sign in to Portico'))
    expect(signatureBytes).toHaveLength(65)
    expect(signatureBytes[0]).toBeGreaterThanOrEqual(39)
    expect(signatureBytes[0]).toBeLessThanOrEqual(42)
    expect(base64.decode(signature)).toEqual(signatureBytes)
    expect(hex.encode(recoverMessageSigner(utf8('Sign in to Portico'), signatureBytes))).toBe(hex.encode(payment.publicKey))
    expect(hex.encode(recoverMessageSigner(utf8('Sign in to Portico!'), signatureBytes))).not.toBe(hex.encode(payment.publicKey))
  })
})

describe('PSBT', () => {
  const account = bitcoinDevAccount(1)
  const stranger = bitcoinDevAccount(2).payment
  const prevTxid = (n: number) => hex.encode(new Uint8Array(32).fill(n))

  /** A PSBT spending a payment UTXO, an ordinal UTXO and someone else's UTXO. */
  function psbt() {
    const tx = new Transaction()
    tx.addInput({ txid: prevTxid(1), index: 0, witnessUtxo: { script: account.payment.script, amount: 100_000n } })
    tx.addInput({ txid: prevTxid(2), index: 1, witnessUtxo: { script: account.ordinal.script, amount: 10_000n } })
    tx.addInput({ txid: prevTxid(3), index: 0, witnessUtxo: { script: stranger.script, amount: 5_000n } })
    tx.addOutputAddress(stranger.address, 110_000n, REGTEST)
    return psbtBase64(tx)
  }

  test("finds the wallet's inputs, signs and finalizes them, leaves the others", () => {
    const tx = parsePsbt(psbt())
    const own = ownInputs(tx, [account.payment, account.ordinal])
    expect(own.map((i) => [i.index, i.key.type])).toEqual([
      [0, 'p2wpkh'],
      [1, 'p2tr'],
    ])
    signInputs(tx, own)
    const signed = parsePsbt(psbtBase64(tx))
    const [w0, w1, w2] = [0, 1, 2].map((i) => signed.getInput(i).finalScriptWitness)
    expect(w0).toHaveLength(2)
    expect(hex.encode(w0![1]!)).toBe(hex.encode(account.payment.publicKey))
    expect(w1).toHaveLength(1)
    expect(w2).toBeUndefined()
    expect(signed.isFinal).toBe(false)

    // The P2WPKH signature is valid for the BIP-143 sighash; the P2TR one for BIP-341's.
    const der = w0![0]!.slice(0, -1)
    expect(w0![0]!.at(-1)).toBe(SigHash.ALL)
    const v0 = signed.preimageWitnessV0(0, p2pkhScriptCode(account.payment.publicKey), SigHash.ALL, 100_000n)
    expect(secp256k1.verify(secp256k1.Signature.fromDER(der).toCompactRawBytes(), v0, account.payment.publicKey)).toBe(true)
    const scripts = [account.payment.script, account.ordinal.script, stranger.script]
    const v1 = signed.preimageWitnessV1(1, scripts, SigHash.DEFAULT, [100_000n, 10_000n, 5_000n])
    expect(schnorr.verify(w1![0]!, v1, p2tr(account.ordinal.publicKey, undefined, REGTEST).tweakedPubkey)).toBe(true)
  })

  test('a requested sighash is used; ANYONECANPAY is kept in the signature', () => {
    const tx = parsePsbt(psbt())
    signInputs(tx, [{ index: 0, key: account.payment, sigHash: SigHash.ALL_ANYONECANPAY }])
    expect(tx.getInput(0).finalScriptWitness![0]!.at(-1)).toBe(SigHash.ALL_ANYONECANPAY)
  })

  test('all inputs signed: final, extractable', () => {
    const tx = new Transaction()
    tx.addInput({ txid: prevTxid(4), index: 0, witnessUtxo: { script: account.payment.script, amount: 50_000n } })
    tx.addOutputAddress(stranger.address, 49_000n, REGTEST)
    signInputs(tx, ownInputs(tx, [account.payment]))
    expect(tx.isFinal).toBe(true)
    expect(tx.extract().length).toBeGreaterThan(100)
  })

  test("errors: a malformed PSBT, an input that is not the key's, an index out of range", () => {
    expect(() => parsePsbt('not a psbt')).toThrow(PsbtError)
    expect(() => parsePsbt(base64.encode(utf8('psbt\xff garbage')))).toThrow(PsbtError)
    expect(() => signInputs(parsePsbt(psbt()), [{ index: 2, key: account.payment }])).toThrow(/does not spend/)
    expect(() => signInputs(parsePsbt(psbt()), [{ index: 7, key: account.payment }])).toThrow(/no input 7/)
  })
})

describe('dev keys', () => {
  test('BIP-84 payment and BIP-86 ordinal addresses on regtest', () => {
    const a = bitcoinDevAccount(0)
    expect(a.payment.path).toBe("m/84'/1'/0'/0/0")
    expect(a.ordinal.path).toBe("m/86'/1'/0'/0/0")
    expect(a.payment.address).toMatch(/^bcrt1q/)
    expect(a.ordinal.address).toMatch(/^bcrt1p/)
    expect(() => bitcoinDevAccount(10)).toThrow(RangeError)
  })
})

/** BIP-143's scriptCode for P2WPKH: the P2PKH script of the key. */
function p2pkhScriptCode(publicKey: Uint8Array) {
  return Uint8Array.of(0x76, 0xa9, 0x14, ...ripemd160(sha256(publicKey)), 0x88, 0xac)
}
