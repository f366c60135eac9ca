import { Address, NETWORK, OutScript, TEST_NETWORK } from '@scure/btc-signer'

/** A Bitcoin network's address parameters (bech32 hrp, base58 version bytes, WIF prefix). */
export interface BitcoinNetwork {
  bech32: string
  pubKeyHash: number
  scriptHash: number
  wif: number
}

/** Bitcoin Core's regtest prefixes (the devnet's: bcrt, 0x6f, 0xc4, 0xef). */
export const REGTEST_NETWORK: BitcoinNetwork = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

/** CAIP-2 ids of the known bip122 networks (reference: the first 32 hex characters of the genesis hash). */
export const BitcoinChains = {
  mainnet: 'bip122:000000000019d6689c085ae165831e93',
  testnet: 'bip122:000000000933ea01ad0ee984209779ba',
  signet: 'bip122:00000008819873e925422c1ff0f99f7c',
  regtest: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
} as const

const NETWORKS: Record<string, BitcoinNetwork> = {
  [BitcoinChains.mainnet]: NETWORK,
  [BitcoinChains.testnet]: TEST_NETWORK,
  [BitcoinChains.signet]: TEST_NETWORK,
  [BitcoinChains.regtest]: REGTEST_NETWORK,
}

/** The address parameters of a bip122 chain; an unknown bip122 chain (another regtest) is read with the regtest ones. */
export function bitcoinNetwork(chainId: string): BitcoinNetwork {
  return NETWORKS[chainId] ?? REGTEST_NETWORK
}

/** What an address pays to: its kind and its scriptPubKey. */
export interface DecodedAddress {
  type: 'pkh' | 'sh' | 'wpkh' | 'wsh' | 'tr' | 'unknown'
  script: Uint8Array
  /** The 20-byte hash (pkh, sh, wpkh) or the 32-byte program (wsh, tr). */
  program: Uint8Array
}

/** `address` decoded with `network`'s prefixes (checksum, hrp, witness version rules); undefined when it is not one of its addresses. */
export function decodeAddress(address: string, network: BitcoinNetwork): DecodedAddress | undefined {
  if (address.length < 14 || address.length > 90) return undefined
  try {
    const decoded = Address(network).decode(address)
    const script = OutScript.encode(decoded)
    const program = 'hash' in decoded ? decoded.hash : 'pubkey' in decoded ? decoded.pubkey : new Uint8Array()
    const type = (['pkh', 'sh', 'wpkh', 'wsh', 'tr'] as const).find((t) => t === decoded.type) ?? 'unknown'
    return { type, script, program }
  } catch {
    return undefined
  }
}

/**
 * The answers of isBitcoinAddress and isAddressOn, which every balance or history request asks several times
 * (a failed base58 decode of a bech32 address was a fifth of the request's CPU). Bounded: emptied when full.
 */
const answers = new Map<string, boolean>()
const MAX_ANSWERS = 4096
function remembered(key: string, answer: () => boolean): boolean {
  let known = answers.get(key)
  if (known === undefined) {
    if (answers.size >= MAX_ANSWERS) answers.clear()
    known = answer()
    answers.set(key, known)
  }
  return known
}

/** Whether `address` is an address of any known Bitcoin network (mainnet, testnet/signet, regtest). */
export function isBitcoinAddress(address: string): boolean {
  return remembered(`*/${address}`, () => [NETWORK, TEST_NETWORK, REGTEST_NETWORK].some((network) => decodeAddress(address, network) !== undefined))
}

/** The network's prefixes of a bip122 chain, and whether `address` is one of its addresses (a mainnet address on testnet is not). */
export function isAddressOn(chainId: string, address: string): boolean {
  return remembered(`${chainId}/${address}`, () => decodeAddress(address, bitcoinNetwork(chainId)) !== undefined)
}
