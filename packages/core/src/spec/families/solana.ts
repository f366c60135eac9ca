import { SOLANA_RENT_EXEMPT_MINIMUM_LAMPORTS } from '../solana.js'
import { explorerLinks } from './explorer.js'
import type { ChainFamilyRecord } from './types.js'

/** A public key in base58: 32 bytes spell 32 to 44 characters. */
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** Solana (SPEC §3, §6: one plain account type). */
export const solana: ChainFamilyRecord = {
  namespace: 'solana',
  isAddress: (address) => ADDRESS.test(address),
  toAddress: (address) => address,
  caseSensitiveAddresses: true,
  native: { symbol: 'SOL', decimals: 9 },
  accountTypes: ['eoa'],
  defaultAccountType: 'eoa',
  explorer: /* @__PURE__ */ explorerLinks('account', 'tx'),
  onrampCurrency: 'SOL',
  activity: true,
  swaps: false,
  nfts: false,
  receiverRent: SOLANA_RENT_EXEMPT_MINIMUM_LAMPORTS,
}
