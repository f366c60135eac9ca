import { decodeBip122Address, isBip122Address } from './bip122Address.js'
import { explorerLinks } from './explorer.js'
import type { ChainFamilyRecord } from './types.js'

/**
 * Bitcoin (SPEC §3 'Bitcoin accounts': payment at index 0, ordinal at index 1; SPEC §6: payment by
 * default). Addresses are checked against the network's prefixes when the network is known: a
 * mainnet address on testnet is not an address there.
 */
export const bip122: ChainFamilyRecord = {
  namespace: 'bip122',
  isAddress: (address, caipNetworkId) => isBip122Address(address, caipNetworkId),
  // bech32 is case-insensitive and kept in lower case; base58 spells the address as typed.
  toAddress: (address) => (decodeBip122Address(address)?.kind === 'witness' ? address.toLowerCase() : address),
  caseSensitiveAddresses: true,
  native: { symbol: 'BTC', decimals: 8 },
  accountTypes: ['payment', 'ordinal'],
  defaultAccountType: 'payment',
  // mempool.space's shape: /address/<a>, /tx/<txid>.
  explorer: /* @__PURE__ */ explorerLinks('address', 'tx'),
  onrampCurrency: 'BTC',
  activity: true,
  swaps: false,
  nfts: false,
  // An output below 546 sat (P2PKH's dust threshold at Bitcoin Core's 3 sat/vB, the one the adapter applies) is not relayed.
  dustLimit: 546n,
}
