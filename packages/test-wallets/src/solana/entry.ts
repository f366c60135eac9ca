/**
 * The Solana test wallet's part of dist/injected.js (imported by ../injected/entry.ts).
 * Config: window.__PORTICO_SOLANA_TEST_WALLET__ = { rpcUrl, accountIndex, autoApprove, rejectAll, storageKey }.
 */
import { SOLANA_TEST_WALLET_STORAGE_KEY } from './constants'
import { registerSolanaTestWallet } from './register'
import type { SolanaTestWalletOptions } from './types'
import { createSolanaTestWallet } from './wallet'

declare global {
  interface Window {
    __PORTICO_SOLANA_TEST_WALLET__?: SolanaTestWalletOptions
  }
}

// Init scripts also run in iframes; one wallet per frame, as an extension does.
if (!window.porticoSolanaTestWallet) {
  const config = window.__PORTICO_SOLANA_TEST_WALLET__ ?? {}
  registerSolanaTestWallet(createSolanaTestWallet({ storageKey: SOLANA_TEST_WALLET_STORAGE_KEY, ...config }))
}
