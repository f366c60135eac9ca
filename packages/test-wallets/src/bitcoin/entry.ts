/**
 * The Bitcoin test wallet's part of dist/injected.js (imported by ../injected/entry.ts).
 * Config: window.__PORTICO_BITCOIN_TEST_WALLET__ = { url, accountIndex, autoApprove, rejectAll, storageKey, walletStandard, satsConnect }.
 */
import { BITCOIN_TEST_WALLET_STORAGE_KEY } from './constants'
import { registerBitcoinTestWallet } from './register'
import type { BitcoinTestWalletOptions } from './types'
import { createBitcoinTestWallet } from './wallet'

declare global {
  interface Window {
    __PORTICO_BITCOIN_TEST_WALLET__?: BitcoinTestWalletOptions
  }
}

// Init scripts also run in iframes; one wallet per frame, as an extension does.
if (!window.porticoBitcoinTestWallet) {
  const config = window.__PORTICO_BITCOIN_TEST_WALLET__ ?? {}
  registerBitcoinTestWallet(createBitcoinTestWallet({ storageKey: BITCOIN_TEST_WALLET_STORAGE_KEY, ...config }), config)
}
