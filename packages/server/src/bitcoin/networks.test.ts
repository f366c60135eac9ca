import { describe, expect, test } from 'vitest'
import { BitcoinChains, isAddressOn, isBitcoinAddress } from './networks.js'

// BIP-322's vector key's P2WPKH address on mainnet.
const MAINNET = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'

describe('bip122 address checks', () => {
  test('rule: an address is checked against the chain it is asked for, however often and in whatever order it is asked', () => {
    for (let round = 0; round < 3; round++) {
      expect(isAddressOn(BitcoinChains.mainnet, MAINNET)).toBe(true)
      expect(isAddressOn(BitcoinChains.regtest, MAINNET)).toBe(false)
      expect(isAddressOn(BitcoinChains.testnet, MAINNET)).toBe(false)
      expect(isBitcoinAddress(MAINNET)).toBe(true)
      expect(isBitcoinAddress(MAINNET.slice(0, -1) + 'm')).toBe(false)
      expect(isBitcoinAddress('bcrt1q')).toBe(false)
    }
  })

  test('behavior: past the remembered answers (4096), answers stay right', () => {
    for (let i = 0; i < 5000; i++) expect(isBitcoinAddress(`1${i}`)).toBe(false)
    expect(isAddressOn(BitcoinChains.mainnet, MAINNET)).toBe(true)
    expect(isAddressOn(BitcoinChains.signet, MAINNET)).toBe(false)
  })
})
