/** Browser-safe entry: `import { createTestWallet, announceTestWallet } from '@portico/test-wallets/injected'`. */
export { createTestWallet } from './wallet'
export { announceTestWallet, TEST_WALLET_NAME, TEST_WALLET_RDNS, type EIP6963ProviderInfo } from './announce'
export { ProviderRpcError, ErrorCode } from './errors'
export { TEST_WALLET_ICON } from './icon'
export type { ApprovalRequest, RequestArguments, TestWalletChain, TestWalletOptions, TestWalletProvider } from './types'
