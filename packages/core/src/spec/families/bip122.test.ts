import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { bitcoin } from '../../networks.js'
import { bitcoinSignet, bitcoinTestnet } from '../../networkSets.js'
import { isValidAddress } from './index.js'
import { bip122 } from './bip122.js'
import { sha256 } from './bip122Address.js'

const MAINNET = bitcoin.caipNetworkId
const TESTNET = bitcoinTestnet.caipNetworkId
const SIGNET = bitcoinSignet.caipNetworkId
const DEVNET = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' as const

// BIP-173 / BIP-350 test vectors and well-known addresses.
const P2WPKH_MAIN = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const P2WPKH_TEST = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
const P2TR_MAIN = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'
const P2PKH_MAIN = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'
const P2SH_MAIN = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'
const P2PKH_TEST = 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'
const P2SH_TEST = '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc'

describe('bip122 family: addresses per network (SPEC §5)', () => {
  test('mainnet addresses are valid on mainnet, invalid on testnet, signet and the devnet', () => {
    for (const address of [P2WPKH_MAIN, P2TR_MAIN, P2PKH_MAIN, P2SH_MAIN]) {
      expect(bip122.isAddress(address, MAINNET)).toBe(true)
      expect(bip122.isAddress(address, TESTNET)).toBe(false)
      expect(bip122.isAddress(address, SIGNET)).toBe(false)
      expect(isValidAddress(address, 'bip122', DEVNET)).toBe(false)
    }
  })

  test('testnet addresses are valid on testnet and signet, not on mainnet', () => {
    for (const address of [P2WPKH_TEST, P2PKH_TEST, P2SH_TEST]) {
      expect(bip122.isAddress(address, TESTNET)).toBe(true)
      expect(bip122.isAddress(address, SIGNET)).toBe(true)
      expect(bip122.isAddress(address, MAINNET)).toBe(false)
    }
  })

  test('bcrt addresses are valid on the devnet (regtest) only; base58 testnet versions too', () => {
    const bcrt = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
    expect(bip122.isAddress(bcrt, DEVNET)).toBe(true)
    expect(bip122.isAddress(bcrt, TESTNET)).toBe(false)
    expect(bip122.isAddress(P2PKH_TEST, DEVNET)).toBe(true)
    // Without a network: any known network's address.
    expect(bip122.isAddress(bcrt)).toBe(true)
    expect(isValidAddress(P2TR_MAIN, 'bip122')).toBe(true)
  })

  test('bad checksums, wrong encodings and mixed case are invalid', () => {
    expect(bip122.isAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', MAINNET)).toBe(false)
    expect(bip122.isAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', MAINNET)).toBe(false)
    // v1 spelled with bech32 (not bech32m) and v0 with bech32m are invalid (BIP-350).
    expect(bip122.isAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkd6', MAINNET)).toBe(false)
    expect(bip122.isAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', MAINNET)).toBe(false)
    expect(bip122.isAddress('bc1Qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', MAINNET)).toBe(false)
    expect(bip122.isAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', MAINNET)).toBe(false)
    expect(bip122.isAddress('', MAINNET)).toBe(false)
  })

  test('upper-case bech32 is kept in lower case', () => {
    expect(bip122.isAddress(P2WPKH_MAIN.toUpperCase(), MAINNET)).toBe(true)
    expect(bip122.toAddress(P2WPKH_MAIN.toUpperCase())).toBe(P2WPKH_MAIN)
    expect(bip122.toAddress(P2PKH_MAIN)).toBe(P2PKH_MAIN)
  })

  test('record: BTC with 8 decimals, payment and ordinal accounts, mempool.space links', () => {
    expect(bip122.native).toEqual({ symbol: 'BTC', decimals: 8 })
    expect(bip122.accountTypes).toEqual(['payment', 'ordinal'])
    expect(bip122.onrampCurrency).toBe('BTC')
    const network = { blockExplorers: { default: { url: 'https://mempool.space/testnet4' } } }
    expect(bip122.explorer.address(network, P2WPKH_TEST)).toBe(`https://mempool.space/testnet4/address/${P2WPKH_TEST}`)
    expect(bip122.explorer.transaction(network, 'ab')).toBe('https://mempool.space/testnet4/tx/ab')
  })

  test('sha256 matches the FIPS 180-4 vectors', () => {
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(hex(sha256(new Uint8Array(0)))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(hex(sha256(new Uint8Array(100).fill(7)))).toBe(createHash('sha256').update(new Uint8Array(100).fill(7)).digest('hex'))
  })
})
