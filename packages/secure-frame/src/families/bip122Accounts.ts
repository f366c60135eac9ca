import { bytesToHex } from '@noble/hashes/utils'
import { p2tr, p2wpkh } from '@scure/btc-signer'
import { bitcoinPath, bitcoinRoot, type BitcoinIntention, type BitcoinNetwork } from './bip122.js'

/**
 * The wallet's two Bitcoin accounts on a network, with what signing needs: SPEC §3's payment account (BIP-84
 * P2WPKH) and ordinal account (BIP-86 P2TR, key path only). Loaded with the first bip122 request (bip122.ts is
 * what the frame's first load holds).
 */

/** One of the wallet's Bitcoin accounts on one network. Its private key stays in the frame. */
export interface BitcoinAccount {
  intention: BitcoinIntention
  address: string
  /** P2WPKH: the 33-byte compressed key; P2TR: the 32-byte x-only internal key (BIP-86). */
  publicKey: Uint8Array
  path: string
  /** The output script paying this account. */
  script: Uint8Array
  privateKey: Uint8Array
}

/** The payment (P2WPKH) and ordinal (P2TR) accounts of a network, from the family's secret. */
export function bitcoinAccounts(secret: Uint8Array, network: Pick<BitcoinNetwork, 'coinType' | 'params'>, index = 0): [BitcoinAccount, BitcoinAccount] {
  const root = bitcoinRoot(secret)
  const key = (path: string) => {
    const node = root.derive(path)
    if (!node.privateKey || !node.publicKey) throw new Error('derivation failed')
    return { privateKey: node.privateKey, publicKey: node.publicKey }
  }
  const paymentPath = bitcoinPath('payment', network.coinType, index)
  const payment = key(paymentPath)
  const paid = p2wpkh(payment.publicKey, network.params)
  const ordinalPath = bitcoinPath('ordinal', network.coinType, index)
  const ordinal = key(ordinalPath)
  const internal = ordinal.publicKey.slice(1)
  const tr = p2tr(internal, undefined, network.params)
  return [
    { intention: 'payment', address: paid.address!, publicKey: payment.publicKey, path: paymentPath, script: paid.script, privateKey: payment.privateKey },
    { intention: 'ordinal', address: tr.address!, publicKey: internal, path: ordinalPath, script: tr.script, privateKey: ordinal.privateKey },
  ]
}

/** What getAccountAddresses answers for an account (no key). */
export const publicAccount = (account: BitcoinAccount) => ({
  address: account.address,
  publicKey: bytesToHex(account.publicKey),
  path: account.path,
  intention: account.intention,
})
