// @portico/solana: the Solana chain adapter. Explicit named exports so every change is visible in review.
export { SolanaAdapter, type SolanaAdapterOptions } from '../SolanaAdapter.js'
export { discoverStandardWallets, type Discover } from '../discovery.js'
export { isSolanaAddress } from '../address.js'
export { isSolanaWallet } from '../walletStandard.js'
export { toPorticoError } from '../errors.js'
