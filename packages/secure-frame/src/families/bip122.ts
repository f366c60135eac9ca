import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { HDKey } from '@scure/bip32'
import { bech32 } from '@scure/base'
import type { FamilyNetworks } from '../frame/approvalNetworks.js'
import type { KeyFamily } from '../keys.js'

/**
 * The bip122 keys (SPEC §3 'Bitcoin accounts'): from the wallet's BIP-39 seed, the payment account is BIP-84
 * P2WPKH m/84'/C'/0'/0/0 and the ordinal account BIP-86 P2TR m/86'/C'/0'/0/0, C = 0 on mainnet and 1 on every
 * test network. Addresses depend on the network (its bech32 prefix and coin type), so the family's secret is the
 * seed's BIP-32 root and the keys of a network are derived when a request names it; the address the server
 * stores (the wallet check of keys.ts) is the mainnet payment address. This file stays light (the frame's first
 * load): the accounts with their scripts and the taproot key (@scure/btc-signer) are in bip122Accounts.ts, loaded
 * with the first bip122 request.
 */

/** Address parameters of a network, in @scure/btc-signer's shape. */
export interface BitcoinAddressParams {
  bech32: string
  pubKeyHash: number
  scriptHash: number
  wif: number
}

const MAINNET_PARAMS: BitcoinAddressParams = { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 }

export interface BitcoinNetwork {
  /** CAIP-2 id: bip122 and the first 32 hex characters of the genesis block hash. */
  caip2: string
  name: string
  testnet: boolean
  /** BIP-44 coin type: 0 on mainnet, 1 on the test networks. */
  coinType: 0 | 1
  params: BitcoinAddressParams
}

const TEST_PARAMS: BitcoinAddressParams = { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

/** The bip122 networks the frame knows (contracts: Bitcoin Core's regtest prefixes on the devnet). */
export const BITCOIN_NETWORKS: Readonly<Record<string, BitcoinNetwork>> = {
  '000000000019d6689c085ae165831e93': {
    caip2: 'bip122:000000000019d6689c085ae165831e93',
    name: 'Bitcoin',
    testnet: false,
    coinType: 0,
    params: MAINNET_PARAMS,
  },
  '000000000933ea01ad0ee984209779ba': {
    caip2: 'bip122:000000000933ea01ad0ee984209779ba',
    name: 'Bitcoin Testnet',
    testnet: true,
    coinType: 1,
    params: TEST_PARAMS,
  },
  '00000008819873e925422c1ff0f99f7c': {
    caip2: 'bip122:00000008819873e925422c1ff0f99f7c',
    name: 'Bitcoin Signet',
    testnet: true,
    coinType: 1,
    params: TEST_PARAMS,
  },
  '0f9188f13cb7b2c71f2a335e3a4fc328': {
    caip2: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
    name: 'Bitcoin Regtest',
    testnet: true,
    coinType: 1,
    params: { ...TEST_PARAMS, bech32: 'bcrt' },
  },
}

/** The Bitcoin networks as the approval screen names them (approvalNetworks.ts), by genesis-hash reference. */
export const bitcoinNetworks: FamilyNetworks = {
  namespace: 'bip122',
  known: Object.fromEntries(Object.entries(BITCOIN_NETWORKS).map(([reference, n]) => [reference, { name: n.name, symbol: 'BTC', testnet: n.testnet }])),
}

/** The network of a CAIP-2 id or bare reference, when the frame knows it. */
export function bitcoinNetworkOf(chainId: string | number): BitcoinNetwork | undefined {
  const text = String(chainId)
  const reference = text.startsWith('bip122:') ? text.slice('bip122:'.length) : text
  return Object.hasOwn(BITCOIN_NETWORKS, reference) ? BITCOIN_NETWORKS[reference] : undefined
}

export type BitcoinIntention = 'payment' | 'ordinal'

/** SPEC §3: payment is address index 0 of BIP-84, ordinal index 0 of BIP-86 (contracts.md: i = 0 for the wallet). */
export const bitcoinPath = (intention: BitcoinIntention, coinType: number, index = 0) => `m/${intention === 'payment' ? 84 : 86}'/${coinType}'/0'/0/${index}`

/** The BIP-32 root as the frame keeps it: private key and chain code (64 bytes). */
export function bitcoinRoot(secret: Uint8Array): HDKey {
  return new HDKey({ privateKey: secret.slice(0, 32), chainCode: secret.slice(32, 64) })
}

/** The payment address (BIP-84 P2WPKH, bech32 witness v0) of a network. */
export function paymentAddress(secret: Uint8Array, network: Pick<BitcoinNetwork, 'coinType' | 'params'>, index = 0): string {
  const publicKey = bitcoinRoot(secret).derive(bitcoinPath('payment', network.coinType, index)).publicKey
  if (!publicKey) throw new Error('derivation failed')
  return bech32.encode(network.params.bech32, [0, ...bech32.toWords(ripemd160(sha256(publicKey)))])
}

export const bip122Keys: KeyFamily = {
  derive(seed) {
    const root = HDKey.fromMasterSeed(seed)
    const secretKey = new Uint8Array(64)
    secretKey.set(root.privateKey!)
    secretKey.set(root.chainCode!, 32)
    return { secretKey, address: paymentAddress(secretKey, BITCOIN_NETWORKS['000000000019d6689c085ae165831e93']!) }
  },
  addressOn(secretKey, chainId) {
    const network = bitcoinNetworkOf(chainId)
    return network ? paymentAddress(secretKey, network) : undefined
  },
}
