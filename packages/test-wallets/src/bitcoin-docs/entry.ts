/**
 * In dist/injected.js: registers the Docs Bitcoin Wallet when the page was given its config
 * (window.__PORTICO_BITCOIN_DOCS_WALLET__ = { accountIndex, url, rejectAll, storageKey }; journeys:
 * newWalletContext({ bitcoinDocs: {} })). The handle is window.porticoDocsBitcoinWallet.
 */
import { createDocsBitcoinWallet, type DocsBitcoinWallet, type DocsBitcoinWalletOptions } from './docsWallet'
import type { DocsSatsConnectProvider } from './satsConnectProvider'
import { registerDocsBitcoinWallet } from './register'
import type { DocsStandardWallet } from './standardWallet'

export interface DocsBitcoinWalletHandle {
  core: DocsBitcoinWallet
  wallet: DocsStandardWallet
  provider: DocsSatsConnectProvider
}

declare global {
  interface Window {
    __PORTICO_BITCOIN_DOCS_WALLET__?: DocsBitcoinWalletOptions & { walletStandard?: boolean; satsConnect?: boolean }
    porticoDocsBitcoinWallet?: DocsBitcoinWalletHandle
  }
}

const config = window.__PORTICO_BITCOIN_DOCS_WALLET__
if (config && !window.porticoDocsBitcoinWallet) {
  const { walletStandard, satsConnect, ...options } = config
  const core = createDocsBitcoinWallet({ storageKey: 'portico-bitcoin-docs-wallet', ...options })
  window.porticoDocsBitcoinWallet = { core, ...registerDocsBitcoinWallet({ core, walletStandard, satsConnect }) }
}
