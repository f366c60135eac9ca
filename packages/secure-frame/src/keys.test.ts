import { describe, expect, it } from 'vitest'
import { bytesToHex } from '@noble/hashes/utils'
import { SOCIAL_RESULT_TYPE } from '@portico/embedded/protocol'
import { readFileSync } from 'node:fs'
import { eip155Keys, evmPrivateKey } from './families/eip155.js'
import { solanaKeys } from './families/solana.js'
import { combinePair, deriveKeys, newEntropy, secretHash, splitPair } from './keys.js'

const families = { eip155: eip155Keys, solana: solanaKeys }

describe('keys', () => {
  it("derives the well-known addresses of 'abandon … about' (16 zero bytes)", () => {
    const keys = deriveKeys(new Uint8Array(16), families)
    expect(keys.addresses.eip155).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')
    expect(keys.addresses.solana).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')
  })

  it('behavior: each family derives the keys and addresses it derived before the families were split (fixed entropy)', () => {
    const keys = deriveKeys(
      Uint8Array.from({ length: 16 }, (_, i) => i * 17 + 3),
      families,
    )
    expect(keys.addresses).toEqual({ eip155: '0xF399217Ee582869eb3F9C8976650376665B53CbA', solana: '6y98wxSJ9p5bPw3MuzRdwHT58WEfLb2pzLTdupeTpmVN' })
    expect(evmPrivateKey(keys)).toBe('0xbb59e0efa29fd4ffa0c174255706297b232005d5375a43e748d7c819a870f795')
    expect(bytesToHex(keys.secretKeys.solana!)).toBe('5a4a9226514a0eb00e277163eefeef69dffbb439c1396b7b9f2c17f0a5a36e4c')
  })

  it("behavior: a combine checks every address the server stored, in its family's own comparison", async () => {
    const entropy = newEntropy()
    const keys = deriveKeys(entropy, families)
    const shares = await splitPair(entropy)
    const hash = secretHash(entropy)
    // eip155 compares case-insensitively; a family the wallet was made without (no stored address) is not checked.
    const lower = { secretHash: hash, addresses: { eip155: keys.addresses.eip155!.toLowerCase() } }
    expect((await combinePair(shares, lower, families)).keys.addresses).toEqual(keys.addresses)
    const wrongSolana = { secretHash: hash, addresses: { ...keys.addresses, solana: keys.addresses.solana!.toLowerCase() } }
    await expect(combinePair(shares, wrongSolana, families)).rejects.toThrow('Key shares do not match this wallet')
    await expect(combinePair(shares, { secretHash: hash, addresses: {} }, families)).rejects.toThrow('Key shares do not match this wallet')
  })

  it('splits 2-of-2 and checks every combine against the hash and addresses', async () => {
    const entropy = newEntropy()
    const keys = deriveKeys(entropy, families)
    const expected = { secretHash: secretHash(entropy), addresses: keys.addresses }
    const [a, b] = await splitPair(entropy)
    expect((await combinePair([a, b], expected, families)).keys.addresses).toEqual(keys.addresses)
    const [, other] = await splitPair(entropy) // a share of another split of the same secret
    await expect(combinePair([a, other], expected, families)).rejects.toThrow('Key shares do not match this wallet')
  })

  it("the callback page posts the protocol's SOCIAL_RESULT type", () => {
    expect(readFileSync(new URL('./callback.ts', import.meta.url), 'utf8')).toContain(`'${SOCIAL_RESULT_TYPE}'`)
  })
})
