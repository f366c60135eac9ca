/**
 * The Docs Bitcoin Wallet's keys, derived here from a mnemonic (BIP-39 seed, BIP-32 paths):
 * payment = BIP-84 P2WPKH m/84'/C'/0'/0/i, ordinals = BIP-86 P2TR m/86'/C'/0'/0/i (C = 1 off mainnet).
 * Development only: the default mnemonic is the devnet's public one.
 */
import { DEV_MNEMONIC } from '@portico/devnet/constants'
import { BITCOIN_DEVNET_NETWORK } from '@portico/devnet/bitcoin-constants'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { p2tr, p2wpkh } from '@scure/btc-signer'

/** Account 5 by default, so this wallet never shares keys with the Portico Bitcoin Test Wallet's account 0. */
export const DOCS_DEFAULT_ACCOUNT_INDEX = 5

/** The address and key prefixes @scure/btc-signer takes as its network. */
export interface DocsBitcoinNetwork {
  bech32: string
  pubKeyHash: number
  scriptHash: number
  wif: number
}

/** sats-connect's and the Wallet Standard's word for what an address is for. */
export type DocsAddressPurpose = 'payment' | 'ordinals'

export interface DocsKey {
  purpose: DocsAddressPurpose
  addressType: 'p2wpkh' | 'p2tr'
  address: string
  /** 33-byte compressed for payment, 32-byte x-only for ordinals (as Xverse and BIP-340 give them). */
  publicKey: Uint8Array
  privateKey: Uint8Array
  /** The output script the address stands for. */
  script: Uint8Array
  path: string
}

export interface DocsAccount {
  payment: DocsKey
  ordinals: DocsKey
}

export interface DeriveDocsAccountParameters {
  mnemonic?: string
  accountIndex?: number
  /** BIP-44 coin type: 0 on mainnet, 1 on testnet, signet and regtest. */
  coinType?: 0 | 1
  network?: DocsBitcoinNetwork
}

export function deriveDocsAccount({
  mnemonic = DEV_MNEMONIC,
  accountIndex = DOCS_DEFAULT_ACCOUNT_INDEX,
  coinType = 1,
  network = BITCOIN_DEVNET_NETWORK,
}: DeriveDocsAccountParameters = {}): DocsAccount {
  if (!Number.isInteger(accountIndex) || accountIndex < 0 || accountIndex >= 2 ** 31) {
    throw new RangeError(`accountIndex must be an integer in [0, 2^31): ${accountIndex}`)
  }
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic))
  const paymentPath = `m/84'/${coinType}'/0'/0/${accountIndex}`
  const ordinalsPath = `m/86'/${coinType}'/0'/0/${accountIndex}`
  const paymentNode = root.derive(paymentPath)
  const ordinalsNode = root.derive(ordinalsPath)
  if (!paymentNode.privateKey || !paymentNode.publicKey || !ordinalsNode.privateKey || !ordinalsNode.publicKey) {
    throw new Error('key derivation gave no key')
  }
  const payment = p2wpkh(paymentNode.publicKey, network)
  const xOnly = ordinalsNode.publicKey.slice(1)
  const ordinals = p2tr(xOnly, undefined, network)
  if (!payment.address || !ordinals.address) throw new Error('no address for the derived keys')
  return {
    payment: {
      purpose: 'payment',
      addressType: 'p2wpkh',
      address: payment.address,
      publicKey: paymentNode.publicKey,
      privateKey: paymentNode.privateKey,
      script: payment.script,
      path: paymentPath,
    },
    ordinals: {
      purpose: 'ordinals',
      addressType: 'p2tr',
      address: ordinals.address,
      publicKey: xOnly,
      privateKey: ordinalsNode.privateKey,
      script: ordinals.script,
      path: ordinalsPath,
    },
  }
}
