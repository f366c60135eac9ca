import type { Portico } from '../portico.js'
import { StorageKeys } from '../storage.js'
import type { WalletConnectClient } from '../walletconnectClient.js'

/** SPEC §3 'deep link choice': the wallet app a phone user paired with, reopened for each request. */
export interface DeepLinkChoice {
  name: string
  href: string
}

/** Methods the wallet must answer itself: the user has to switch to the wallet app for them. */
export const WalletRedirectMethods = new Set([
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_sendCalls',
])

/**
 * On a phone, a request sent to a WalletConnect wallet opens the wallet app it was paired with
 * (the stored deep link choice), whoever sent it: the modal's send, sign-in, or the host's own
 * code through the public provider. On desktop the user answers on the phone they scanned with.
 */
export function redirectToWalletOnRequest(portico: Portico, client: WalletConnectClient) {
  const stop = client.onWalletRequest?.((method) => {
    if (!WalletRedirectMethods.has(method) || !portico.environment.isMobile()) return
    const choice = portico.storage.read<DeepLinkChoice | null>(StorageKeys.deepLinkChoice, null)
    if (choice?.href) portico.environment.openUrl?.(choice.href)
  })
  if (stop) portico.cleanups.push(stop)
}
