import { mnemonicToSeedSync } from '@scure/bip39'
import { bytesToHex } from '@noble/hashes/utils'
import { describe, expect, it } from 'vitest'
import { deriveKeys } from '../keys.js'
import { BITCOIN_NETWORKS, bip122Keys, bitcoinNetworkOf } from './bip122.js'
import { bitcoinAccounts } from './bip122Accounts.js'

const ABOUT = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
const JUNK = 'test test test test test test test test test test test junk'
const secretOf = (mnemonic: string) => bip122Keys.derive(mnemonicToSeedSync(mnemonic)).secretKey
const mainnet = BITCOIN_NETWORKS['000000000019d6689c085ae165831e93']!
const regtest = bitcoinNetworkOf('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')!

describe('bip122 keys (SPEC §3: payment BIP-84 index 0, ordinal BIP-86 index 0)', () => {
  it("default: BIP-84 test vector (m/84'/0'/0'/0/0 and /0/1)", () => {
    const [payment] = bitcoinAccounts(secretOf(ABOUT), mainnet)
    expect(payment).toMatchObject({ intention: 'payment', path: "m/84'/0'/0'/0/0", address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' })
    expect(bytesToHex(payment.publicKey)).toBe('0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c')
    expect(bitcoinAccounts(secretOf(ABOUT), mainnet, 1)[0].address).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g')
  })

  it("default: BIP-86 test vector (m/86'/0'/0'/0/0 and /0/1)", () => {
    const [, ordinal] = bitcoinAccounts(secretOf(ABOUT), mainnet)
    expect(ordinal).toMatchObject({ intention: 'ordinal', path: "m/86'/0'/0'/0/0", address: 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr' })
    expect(bytesToHex(ordinal.publicKey)).toBe('cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115')
    expect(bytesToHex(ordinal.script)).toBe('5120a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c')
    expect(bitcoinAccounts(secretOf(ABOUT), mainnet, 1)[1].address).toBe('bc1p4qhjn9zdvkux4e44uhx8tc55attvtyu358kutcqkudyccelu0was9fqzwh')
  })

  it('behavior: test networks use coin type 1 and their own prefix (regtest bcrt)', () => {
    const [payment, ordinal] = bitcoinAccounts(secretOf(JUNK), regtest)
    expect(payment.path).toBe("m/84'/1'/0'/0/0")
    expect(ordinal.path).toBe("m/86'/1'/0'/0/0")
    expect(payment.address).toMatch(/^bcrt1q/)
    expect(ordinal.address).toMatch(/^bcrt1p/)
    const testnet = bitcoinAccounts(secretOf(JUNK), bitcoinNetworkOf('000000000933ea01ad0ee984209779ba')!)
    expect(testnet[0].publicKey).toEqual(payment.publicKey)
    expect(testnet[0].address).toMatch(/^tb1q/)
  })

  it("behavior: the wallet stores the mainnet payment address; the key stays the seed's root", () => {
    const keys = deriveKeys(new Uint8Array(16), { bip122: bip122Keys })
    // 16 zero bytes are the 'abandon … about' mnemonic.
    expect(keys.addresses.bip122).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')
    expect(keys.secretKeys.bip122).toHaveLength(64)
  })

  it('behavior: an unknown bip122 network is not guessed', () => {
    expect(bitcoinNetworkOf('bip122:ffffffffffffffffffffffffffffffff')).toBeUndefined()
    expect(bitcoinNetworkOf('hasOwnProperty')).toBeUndefined()
  })
})
