/**
 * Dev keys from the devnet's mnemonic (DEV_MNEMONIC, no passphrase): per account index i, the payment
 * key BIP-84 P2WPKH m/84'/1'/0'/0/i and the ordinal key BIP-86 P2TR m/86'/1'/0'/0/i (contracts.md).
 * Development only: these keys are public.
 */
import { DEV_MNEMONIC } from '@portico/devnet/constants'
import { hex } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { p2tr, p2wpkh } from '@scure/btc-signer'
import { REGTEST, TEST_COIN_TYPE } from './network'

export const BITCOIN_DEV_ACCOUNT_COUNT = 10

export interface BitcoinKey {
  address: string
  /** 33-byte compressed (payment) or 32-byte x-only (ordinal). */
  publicKey: Uint8Array
  privateKey: Uint8Array
  path: string
  /** The output script paying this address. */
  script: Uint8Array
  type: 'p2wpkh' | 'p2tr'
}

export interface BitcoinDevAccount {
  index: number
  payment: BitcoinKey
  ordinal: BitcoinKey
}

let root: HDKey | undefined
const cache = new Map<number, BitcoinDevAccount>()

/** The dev account at `index` (0..9), derived once (the seed's PBKDF2 runs on first use). */
export function bitcoinDevAccount(index: number): BitcoinDevAccount {
  if (!Number.isInteger(index) || index < 0 || index >= BITCOIN_DEV_ACCOUNT_COUNT)
    throw new RangeError(`No Bitcoin dev account ${index} (0..${BITCOIN_DEV_ACCOUNT_COUNT - 1}).`)
  const cached = cache.get(index)
  if (cached) return cached
  root ??= HDKey.fromMasterSeed(mnemonicToSeedSync(DEV_MNEMONIC))
  const account = { index, payment: paymentKey(root, index), ordinal: ordinalKey(root, index) }
  cache.set(index, account)
  return account
}

function paymentKey(seed: HDKey, index: number): BitcoinKey {
  const path = `m/84'/${TEST_COIN_TYPE}'/0'/0/${index}`
  const node = seed.derive(path)
  const payment = p2wpkh(node.publicKey!, REGTEST)
  return { address: payment.address!, publicKey: node.publicKey!, privateKey: node.privateKey!, path, script: payment.script, type: 'p2wpkh' }
}

function ordinalKey(seed: HDKey, index: number): BitcoinKey {
  const path = `m/86'/${TEST_COIN_TYPE}'/0'/0/${index}`
  const node = seed.derive(path)
  const xOnly = node.publicKey!.slice(1)
  const taproot = p2tr(xOnly, undefined, REGTEST)
  return { address: taproot.address!, publicKey: xOnly, privateKey: node.privateKey!, path, script: taproot.script, type: 'p2tr' }
}

/** The key of `address` among an account's two, if it is one of them. */
export function keyOf(account: BitcoinDevAccount, address: string): BitcoinKey | undefined {
  return [account.payment, account.ordinal].find((k) => k.address === address)
}

export const publicKeyHex = (key: BitcoinKey) => hex.encode(key.publicKey)
