/** Browser-safe entry: `import { createSolanaTestWallet, registerSolanaTestWallet } from '@portico/test-wallets/solana'`. */
export { createSolanaTestWallet, type SolanaTestWalletFeatures } from './wallet'
export { registerSolanaTestWallet } from './register'
export {
  SOLANA_TEST_WALLET_CHAINS,
  SOLANA_TEST_WALLET_DEFAULT_RPC_URL,
  SOLANA_TEST_WALLET_ICON,
  SOLANA_TEST_WALLET_NAME,
  SOLANA_TEST_WALLET_STORAGE_KEY,
} from './constants'
export type { SolanaApprovalRequest, SolanaSignedRecord, SolanaTestWalletHandle, SolanaTestWalletOptions } from './types'
