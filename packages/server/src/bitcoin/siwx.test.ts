import { secp256k1 } from '@noble/curves/secp256k1'
import { bytesToHex } from '@noble/hashes/utils'
import { base64 } from '@scure/base'
import { getAddress, NETWORK, WIF } from '@scure/btc-signer'
import { describe, expect, test } from 'vitest'
import { bip322MessageHash, toSignTx, toSpendTx, txid } from './bip322.js'
import { BitcoinChains, decodeAddress } from './networks.js'
import { signedMessageHash } from './signedMessage.js'
import { verifyBitcoinSiwx } from './siwx.js'

// BIP-322's test vectors (bips/bip-0322.mediawiki) and Bitcoin Core's P2TR vector (src/test/util_tests.cpp).
const KEY = WIF(NETWORK).decode('L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k')
const P2WPKH = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
const P2TR = 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3'
const P2PKH = '14vV3aCHBeStb5bkenkNHbe2YAFinYdXgc'
const chainId = BitcoinChains.mainnet
const verify = (address: string, message: string, signature: string) => verifyBitcoinSiwx({ chainId, address, message, signature })

const VECTORS = {
  empty: [
    'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
    'AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
  ],
  hello: [
    'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
    'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
  ],
}
const P2TR_HELLO = 'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ=='

/** A legacy signmessage signature by `key` (compressed key: header 31 + recovery id). */
function signMessage(key: Uint8Array, message: string): string {
  const sig = secp256k1.sign(signedMessageHash(message), key)
  return base64.encode(Uint8Array.of(31 + sig.recovery!, ...sig.toCompactRawBytes()))
}

describe('BIP-322 virtual transactions', () => {
  test('default: the message hashes and transaction ids of the BIP', () => {
    expect(bytesToHex(bip322MessageHash(''))).toBe('c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1')
    expect(bytesToHex(bip322MessageHash('Hello World'))).toBe('f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a')
    const script = decodeAddress(P2WPKH, NETWORK)!.script
    expect(bytesToHex(txid(toSpendTx('', script)))).toBe('c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7')
    expect(bytesToHex(txid(toSpendTx('Hello World', script)))).toBe('b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b')
    expect(bytesToHex(txid(toSignTx('', script)))).toBe('1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6')
    expect(bytesToHex(txid(toSignTx('Hello World', script)))).toBe('88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf')
  })
})

describe('SIWX on bip122', () => {
  test('rule: BIP-322 simple P2WPKH signatures of the BIP verify ("" and "Hello World")', () => {
    for (const signature of VECTORS.empty) expect(verify(P2WPKH, '', signature)).toBe(true)
    for (const signature of VECTORS.hello) expect(verify(P2WPKH, 'Hello World', signature)).toBe(true)
  })

  test('rule: a BIP-322 simple P2TR key-path signature (SIGHASH_ALL) verifies', () => {
    expect(verify(P2TR, 'Hello World', P2TR_HELLO)).toBe(true)
  })

  test('rule: a legacy "Bitcoin Signed Message" verifies for P2PKH (BIP-322 legacy) and for the key\'s P2WPKH address', () => {
    expect(getAddress('pkh', KEY)).toBe(P2PKH)
    const signature = signMessage(KEY, 'Hello World')
    expect(verify(P2PKH, 'Hello World', signature)).toBe(true)
    expect(verify(P2WPKH, 'Hello World', signature)).toBe(true)
  })

  test('error: the wrong message is refused', () => {
    expect(verify(P2WPKH, 'Hello World!', VECTORS.hello[0]!)).toBe(false)
    expect(verify(P2WPKH, '', VECTORS.hello[1]!)).toBe(false)
    expect(verify(P2TR, 'Hello World - This should fail', P2TR_HELLO)).toBe(false)
    expect(verify(P2PKH, 'Hello', signMessage(KEY, 'Hello World'))).toBe(false)
  })

  test('error: another address (another key, another type, another network) is refused', () => {
    const other = secp256k1.utils.randomPrivateKey()
    expect(verify(getAddress('wpkh', other)!, 'Hello World', VECTORS.hello[0]!)).toBe(false)
    expect(verify(getAddress('tr', other)!, 'Hello World', P2TR_HELLO)).toBe(false)
    expect(verify(P2TR, 'Hello World', VECTORS.hello[0]!)).toBe(false)
    expect(verify(P2WPKH, 'Hello World', P2TR_HELLO)).toBe(false)
    // The same key's address on testnet, checked as a mainnet chain: not an address of the chain.
    expect(verifyBitcoinSiwx({ chainId: BitcoinChains.testnet, address: P2WPKH, message: 'Hello World', signature: VECTORS.hello[0]! })).toBe(false)
  })

  test('error: a signature by another key is refused (legacy, and a BIP-322 witness naming the right key)', () => {
    const other = secp256k1.utils.randomPrivateKey()
    expect(verify(P2PKH, 'Hello World', signMessage(other, 'Hello World'))).toBe(false)
    expect(verify(P2WPKH, 'Hello World', signMessage(other, 'Hello World'))).toBe(false)
    // The vector's witness with its signature replaced by one from another key over the same sighash.
    const witness = base64.decode(VECTORS.hello[0]!)
    const forged = secp256k1.sign(new Uint8Array(32).fill(7), other).toDERRawBytes()
    const pubkey = witness.slice(-33)
    const stack = Uint8Array.of(2, forged.length + 1, ...forged, 0x01, 33, ...pubkey)
    expect(verify(P2WPKH, 'Hello World', base64.encode(stack))).toBe(false)
  })

  test('error: malformed signatures are refused, never thrown', () => {
    for (const signature of ['', 'not base64!', base64.encode(new Uint8Array(65)), 'AAAA', VECTORS.hello[0]!.slice(0, 40)])
      expect(verify(P2WPKH, 'Hello World', signature)).toBe(false)
    expect(verify('bc1qnotanaddress', 'Hello World', VECTORS.hello[0]!)).toBe(false)
  })
})

describe('SIWX on bip122, signed as wallets sign', () => {
  test("default: a BIP-322 signature made by @scure/btc-signer's transaction signing verifies; another key's is refused", async () => {
    const { signBip322 } = await import('./testing.js')
    const key = bytesToHex(KEY)
    const { address, signature } = signBip322(chainId, key, 'Hello World')
    expect(address).toBe(P2WPKH)
    expect(verify(P2WPKH, 'Hello World', signature)).toBe(true)
    const other = signBip322(chainId, bytesToHex(secp256k1.utils.randomPrivateKey()), 'Hello World')
    expect(verify(P2WPKH, 'Hello World', other.signature)).toBe(false)
  })
})
