/** Browser-safe entry: `import { createBitcoinTestWallet, registerBitcoinTestWallet } from '@portico/test-wallets/bitcoin'`. */
export { createBitcoinTestWallet } from './wallet'
export { registerBitcoinTestWallet } from './register'
export { createBitcoinOperations, formatBtc, type BitcoinOperations } from './operations'
export { bitcoinDevAccount, BITCOIN_DEV_ACCOUNT_COUNT, type BitcoinDevAccount, type BitcoinKey } from './keys'
export { signMessageBip322, signMessageEcdsa, recoverMessageSigner, bip322MessageHash } from './message'
export { parsePsbt, signInputs, ownInputs, psbtBase64, PsbtError } from './psbt'
export { buildTransfer, broadcast } from './transfer'
export { BITCOIN_DEVNET_CAIP2, BITCOIN_DEVNET_DEFAULT_URL, BITCOIN_REGTEST_CHAIN, REGTEST } from './network'
export {
  BITCOIN_SATS_CONNECT_NAME,
  BITCOIN_SATS_CONNECT_PROVIDER_ID,
  BITCOIN_TEST_WALLET_ICON,
  BITCOIN_TEST_WALLET_NAME,
  BITCOIN_TEST_WALLET_STORAGE_KEY,
} from './constants'
export type { BitcoinApprovalRequest, BitcoinSignedRecord, BitcoinTestWalletHandle, BitcoinTestWalletOptions, SatsConnectProvider } from './types'
