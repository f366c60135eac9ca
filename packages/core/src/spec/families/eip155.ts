import { explorerLinks } from './explorer.js'
import type { ChainFamilyRecord } from './types.js'

/** 20 bytes in hex; the `0x` may be left out when typed, and the checksum's case is not checked. */
const ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/

/** EVM chains (SPEC §3, §6: an embedded account is a smart account unless the user chose eoa). */
export const eip155: ChainFamilyRecord = {
  namespace: 'eip155',
  isAddress: (address) => ADDRESS.test(address),
  toAddress: (address) => (address.startsWith('0x') ? address : `0x${address}`),
  caseSensitiveAddresses: false,
  native: { symbol: 'ETH', decimals: 18 },
  accountTypes: ['eoa', 'smartAccount'],
  defaultAccountType: 'smartAccount',
  explorer: /* @__PURE__ */ explorerLinks('address', 'tx'),
  onrampCurrency: 'USDC',
  activity: true,
  swaps: true,
  nfts: true,
}
