// @vitest-environment node
import { createHash } from 'node:crypto'
import { hex } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { getAddress, p2tr, p2wpkh } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { DEV_MNEMONIC } from '../constants'
import {
  BITCOIN_DEV_ACCOUNTS,
  BITCOIN_DEVNET_CAIP2,
  BITCOIN_DEVNET_FAUCET,
  BITCOIN_DEVNET_GENESIS_HASH,
  BITCOIN_DEVNET_NETWORK,
  BITCOIN_DEVNET_PORT,
  BITCOIN_DEVNET_URL,
} from './constants'

describe('Bitcoin devnet constants', () => {
  it('the dev accounts are DEV_MNEMONIC at BIP-84 (payment) and BIP-86 (ordinal), coin type 1, i = 0..9 (SPEC §3)', () => {
    const root = HDKey.fromMasterSeed(mnemonicToSeedSync(DEV_MNEMONIC))
    const derived = Array.from({ length: 10 }, (_, i) => {
      const paymentPath = `m/84'/1'/0'/0/${i}`
      const ordinalPath = `m/86'/1'/0'/0/${i}`
      const payment = root.derive(paymentPath)
      const ordinal = root.derive(ordinalPath)
      const xOnly = (ordinal.publicKey as Uint8Array).slice(1)
      return {
        payment: {
          address: p2wpkh(payment.publicKey as Uint8Array, BITCOIN_DEVNET_NETWORK).address,
          publicKey: hex.encode(payment.publicKey as Uint8Array),
          privateKey: hex.encode(payment.privateKey as Uint8Array),
          path: paymentPath,
        },
        ordinal: {
          address: p2tr(xOnly, undefined, BITCOIN_DEVNET_NETWORK).address,
          publicKey: hex.encode(xOnly),
          privateKey: hex.encode(ordinal.privateKey as Uint8Array),
          path: ordinalPath,
        },
      }
    })
    expect(BITCOIN_DEV_ACCOUNTS).toEqual(derived)
    for (const a of BITCOIN_DEV_ACCOUNTS) {
      expect(a.payment.address).toMatch(/^bcrt1q/)
      expect(a.ordinal.address).toMatch(/^bcrt1p/)
    }
  })

  it('the faucet key is sha256("portico-devnet/bitcoin/faucet") and pays to its P2WPKH address', () => {
    const key = createHash('sha256').update('portico-devnet/bitcoin/faucet').digest()
    expect(BITCOIN_DEVNET_FAUCET.privateKey).toBe(key.toString('hex'))
    expect(getAddress('wpkh', key, BITCOIN_DEVNET_NETWORK)).toBe(BITCOIN_DEVNET_FAUCET.address)
  })

  it('names the regtest chain as the contracts say', () => {
    expect(BITCOIN_DEVNET_GENESIS_HASH).toBe('0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206')
    expect(BITCOIN_DEVNET_CAIP2).toBe(`bip122:${BITCOIN_DEVNET_GENESIS_HASH.slice(0, 32)}`)
    expect(BITCOIN_DEVNET_URL).toBe(`http://127.0.0.1:${BITCOIN_DEVNET_PORT}`)
  })
})
