/**
 * Makes the Docs Bitcoin Wallet discoverable the documented ways: the Wallet Standard's registration
 * (@wallet-standard/wallet registerWallet: the 'wallet-standard:register-wallet' event, and a listener for
 * the app's 'wallet-standard:app-ready'), and sats-connect's WBIP004 provider list (an entry pushed to
 * window.btc_providers, never replacing it, whose id is the provider's path on window).
 */
import { registerWallet } from '@wallet-standard/wallet'
import type { DocsBitcoinWallet } from './docsWallet'
import { DOCS_WALLET_ICON, DOCS_WALLET_NAME } from './icon'
import { createDocsSatsConnectProvider, type DocsSatsConnectProvider, SATS_CONNECT_METHODS } from './satsConnectProvider'
import { createDocsStandardWallet, type DocsStandardWallet } from './standardWallet'

/** Its own global, so it never shadows Xverse's 'XverseProviders.BitcoinProvider'. */
export const DOCS_SATS_CONNECT_PROVIDER_ID = 'PorticoDocsBitcoinWallet.BitcoinProvider'

export interface WbipProvider {
  id: string
  name: string
  icon: string
  webUrl?: string
  methods?: string[]
}

declare global {
  interface Window {
    btc_providers?: WbipProvider[]
    PorticoDocsBitcoinWallet?: { BitcoinProvider: DocsSatsConnectProvider }
  }
}

export interface RegisterDocsWalletParameters {
  core: DocsBitcoinWallet
  walletStandard?: boolean
  satsConnect?: boolean
}

export function registerDocsBitcoinWallet({ core, walletStandard = true, satsConnect = true }: RegisterDocsWalletParameters): {
  wallet: DocsStandardWallet
  provider: DocsSatsConnectProvider
} {
  const wallet = createDocsStandardWallet(core)
  const provider = createDocsSatsConnectProvider(core)
  if (walletStandard) registerWallet(wallet)
  if (satsConnect) {
    window.PorticoDocsBitcoinWallet = { BitcoinProvider: provider }
    if (!window.btc_providers) window.btc_providers = []
    window.btc_providers.push({ id: DOCS_SATS_CONNECT_PROVIDER_ID, name: DOCS_WALLET_NAME, icon: DOCS_WALLET_ICON, methods: [...SATS_CONNECT_METHODS] })
  }
  return { wallet, provider }
}
