/**
 * Bundled to dist/injected.js and injected into pages before any dapp script
 * (Playwright page.addInitScript({ path })), the way a browser extension would.
 * Config: window.__PORTICO_TEST_WALLET__ = { privateKey, chains, knownChainIds, autoApprove, rejectAll, storageKey }.
 */
import { announceTestWallet } from './announce'
import type { TestWalletOptions, TestWalletProvider } from './types'
import { createTestWallet } from './wallet'
// The Solana test wallet (Wallet Standard) travels in the same bundle.
import '../solana/entry'
// The Bitcoin test wallet (Wallet Standard and sats-connect) too.
import '../bitcoin/entry'
// The Docs Bitcoin Wallet (written from public documentation only), when its config is set.
import '../bitcoin-docs/entry'

declare global {
  interface Window {
    __PORTICO_TEST_WALLET__?: TestWalletOptions
    porticoTestWallet?: TestWalletProvider
  }
}

// Init scripts also run in iframes; one wallet per frame is what an extension does too.
if (!window.porticoTestWallet) {
  const config = window.__PORTICO_TEST_WALLET__ ?? {}
  const wallet = createTestWallet({ storageKey: 'portico-test-wallet', ...config })
  window.porticoTestWallet = wallet
  announceTestWallet(wallet)
}
