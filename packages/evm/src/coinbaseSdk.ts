import { createCoinbaseWalletSDK } from '@coinbase/wallet-sdk'
import type { CoinbaseWalletConfig, SmartWalletProvider } from './coinbase.js'

/**
 * The Coinbase Smart Wallet through Coinbase's own SDK (this module is its own chunk, loaded on the
 * first click on 'Coinbase Wallet'). 'smartWalletOnly': the SDK opens its keys popup (the config's
 * keysUrl) and speaks its encrypted protocol there; an extension on the page is Portico's business,
 * not the SDK's. The first of chainIds is the chain the Smart Wallet starts on.
 */
export function createSmartWalletProvider({ appName, keysUrl, chainIds }: CoinbaseWalletConfig & { chainIds: number[] }): SmartWalletProvider {
  const sdk = createCoinbaseWalletSDK({
    appName: appName ?? (typeof document !== 'undefined' && document.title ? document.title : 'Dapp'),
    appChainIds: chainIds,
    preference: { options: 'smartWalletOnly', keysUrl },
  })
  return sdk.getProvider() as unknown as SmartWalletProvider
}
