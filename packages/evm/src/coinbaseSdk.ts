import { createCoinbaseWalletSDK } from '@coinbase/wallet-sdk'
import type { Eip1193Provider } from './schemas.js'

/** A provider the Smart Wallet SDK made: an EIP-1193 provider that can also end its session. */
export type SmartWalletProvider = Eip1193Provider & { disconnect(): Promise<void> }

/**
 * The Coinbase Smart Wallet through Coinbase's own SDK (this module is its own chunk, loaded on the
 * first click on 'Coinbase Wallet'). 'smartWalletOnly': the SDK opens its keys popup (the config's
 * keysUrl) and speaks its encrypted protocol there; an extension on the page is Portico's business,
 * not the SDK's. The first of chainIds is the chain the Smart Wallet starts on.
 */
export function createSmartWalletProvider({ appName, keysUrl, chainIds }: { appName?: string; keysUrl: string; chainIds: number[] }): SmartWalletProvider {
  const sdk = createCoinbaseWalletSDK({
    appName: appName ?? (typeof document !== 'undefined' && document.title ? document.title : 'Dapp'),
    appChainIds: chainIds,
    preference: { options: 'smartWalletOnly', keysUrl },
  })
  return sdk.getProvider() as unknown as SmartWalletProvider
}
