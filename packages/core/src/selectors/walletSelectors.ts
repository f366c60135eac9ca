import type { ChainNamespace } from '../spec/caip.js'
import type { Portico } from '../portico.js'

/**
 * Whether Connect offers the All Wallets entry: the registry needs the server and pairing needs WalletConnect
 * (enabled, and the host's allWallets feature). Opened for one family (SwitchActiveChain's list), only that
 * family's browser wallets show, so not All Wallets.
 */
export function showsAllWallets(portico: Portico, namespace?: ChainNamespace): boolean {
  const { walletConnect, enableWalletConnect, features } = portico.options
  return !namespace && Boolean(walletConnect && enableWalletConnect && portico.api && features.allWallets)
}
