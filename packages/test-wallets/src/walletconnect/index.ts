export {
  createWalletConnectTestWallet,
  closeSignClient,
  EIP155_METHODS,
  EIP155_EVENTS,
  type WalletConnectTestWallet,
  type WalletConnectTestWalletOptions,
  type PendingItem,
  type PendingKind,
  type HandledItem,
} from './wallet'
export { SOLANA_METHODS, SOLANA_EVENTS } from './solana'
export { BIP122_METHODS, BIP122_EVENTS } from './bip122'
export { memoryStorage, localStorageStorage, type KeyValueStorage } from './storage'
