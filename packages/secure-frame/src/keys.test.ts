import { describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { SOCIAL_RESULT_TYPE } from '@portico/embedded/protocol'
import { readFileSync } from 'node:fs'
import { combinePair, deriveKeys, newEntropy, secretHash, splitPair } from './keys.js'

const evmAddressOf = (key: `0x${string}`) => privateKeyToAccount(key).address

describe('keys', () => {
  it("derives the well-known addresses of 'abandon … about' (16 zero bytes)", () => {
    const keys = deriveKeys(new Uint8Array(16), evmAddressOf)
    expect(keys.addresses.eip155).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')
    expect(keys.addresses.solana).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')
  })

  it('splits 2-of-2 and checks every combine against the hash and addresses', async () => {
    const entropy = newEntropy()
    const keys = deriveKeys(entropy, evmAddressOf)
    const expected = { secretHash: secretHash(entropy), addresses: keys.addresses }
    const [a, b] = await splitPair(entropy)
    expect((await combinePair([a, b], expected, evmAddressOf)).keys.addresses).toEqual(keys.addresses)
    const [, other] = await splitPair(entropy) // a share of another split of the same secret
    await expect(combinePair([a, other], expected, evmAddressOf)).rejects.toThrow('Key shares do not match this wallet')
  })

  it("the callback page posts the protocol's SOCIAL_RESULT type", () => {
    expect(readFileSync(new URL('./callback.ts', import.meta.url), 'utf8')).toContain(`'${SOCIAL_RESULT_TYPE}'`)
  })
})
