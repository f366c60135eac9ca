import type { ChainFamily } from '../chain/family.js'

/** The bip122 family's words in refusals (ChainFamily.words). */
export const BITCOIN_WORDS: ChainFamily['words'] = {
  name: 'Bitcoin',
  address: 'a Bitcoin address',
  addressRule: "a Bitcoin (base58 or bech32, of the chain's network)",
  chain: 'a bip122 chain',
}
