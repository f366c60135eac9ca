import { BITCOIN_DEV_ACCOUNTS } from '@portico/devnet/bitcoin-constants'
import { hex } from '@scure/base'
import { describe, expect, test } from 'vitest'
import { deriveDocsAccount } from './keys'

describe('deriveDocsAccount', () => {
  test('default: account 5 of the dev mnemonic, the devnet’s funded dev account 5', () => {
    const account = deriveDocsAccount()
    const dev = BITCOIN_DEV_ACCOUNTS[5]
    expect(account.payment.path).toBe("m/84'/1'/0'/0/5")
    expect(account.payment.address).toBe(dev?.payment.address)
    expect(hex.encode(account.payment.publicKey)).toBe(dev?.payment.publicKey)
    expect(hex.encode(account.payment.privateKey)).toBe(dev?.payment.privateKey)
    expect(account.ordinals.path).toBe("m/86'/1'/0'/0/5")
    expect(account.ordinals.address).toBe(dev?.ordinal.address)
    expect(hex.encode(account.ordinals.publicKey)).toBe(dev?.ordinal.publicKey)
  })

  test('behavior: accountIndex picks another dev account; regtest addresses', () => {
    const account = deriveDocsAccount({ accountIndex: 0 })
    expect(account.payment.address).toBe(BITCOIN_DEV_ACCOUNTS[0]?.payment.address)
    expect(account.payment.address.startsWith('bcrt1q')).toBe(true)
    expect(account.ordinals.address.startsWith('bcrt1p')).toBe(true)
  })

  test('error: a negative accountIndex', () => {
    expect(() => deriveDocsAccount({ accountIndex: -1 })).toThrow(RangeError)
  })
})
