// @portico/core, actions of connecting: connect, reconnect, networks, the public provider and watchers, WalletConnect. Explicit named re-exports, re-exported by index.ts.
export { createEip1193Shell, eip1193Error, type Eip1193Link, type Eip1193Shell } from '../../provider/eip1193Shell.js'
export { connectExternal, findConnector, type ConnectExternalParameters } from '../../actions/connectExternal.js'
export { disconnect, type DisconnectParameters } from '../../actions/disconnect.js'
export { reconnect } from '../../actions/reconnect.js'
export { initialize } from '../../actions/initialize.js'
export { getMergedConnectors } from '../../actions/getMergedConnectors.js'
export { switchNetwork, type SwitchNetworkParameters } from '../../actions/switchNetwork.js'
export { selectNetwork } from '../../actions/selectNetwork.js'
export { switchActiveNamespace } from '../../actions/switchActiveNamespace.js'
export { switchActiveChain, type SwitchActiveChainParameters, type SwitchActiveChainErrorType } from '../../actions/switchActiveChain.js'
export { fetchBalance } from '../../actions/fetchBalance.js'
export {
  getProvider,
  type Eip1193Event,
  type GetProviderReturnType,
  type PorticoEip1193Provider,
  type SolanaWalletProvider,
} from '../../actions/getProvider.js'
export {
  readAccount,
  type ReadAccountErrorType,
  type ReadAccountParameters,
  type ReadAccountReturnType,
  type WatchedAccount,
} from '../../actions/readAccount.js'
export { watchAccount, type WatchAccountErrorType, type WatchAccountParameters, type WatchAccountReturnType } from '../../actions/watchAccount.js'
export { readNetwork, type ReadNetworkErrorType, type ReadNetworkReturnType, type WatchedNetwork } from '../../actions/readNetwork.js'
export { watchNetwork, type WatchNetworkErrorType, type WatchNetworkParameters, type WatchNetworkReturnType } from '../../actions/watchNetwork.js'
export { requestConnection, type RequestConnectionParameters, type RequestConnectionReturnType } from '../../actions/requestConnection.js'
export {
  getWalletConnections,
  switchConnection,
  type ConnectionStatusKind,
  type SwitchConnectionParameters,
  type WalletConnection,
} from '../../actions/switchConnection.js'
export { loadWalletConnect } from '../../actions/loadWalletConnect.js'
export { connectWalletConnect, resetWcConnection, type ConnectWalletConnectParameters } from '../../actions/connectWalletConnect.js'
export { selectConnector } from '../../actions/selectConnector.js'
export {
  WALLET_CONNECT_CONNECTOR_ID,
  type WalletConnectClient,
  type WalletConnectLoader,
  type WalletConnectLoadParameters,
  type WalletConnectSession,
} from '../../walletconnect/client.js'
export { isPairingExpired, pairingExpiryFrom, shouldReusePairing, type PairingCache } from '../../walletconnect/pairing.js'
export { formatNativeUrl, formatUniversalUrl, isHttpUrl } from '../../walletconnect/deepLinks.js'
export {
  filterWallets,
  orderWallets,
  recommendedWallets,
  BROWSER_WALLET_NAME,
  type WalletListItem,
  type WalletListContext,
} from '../../spec/walletList.js'
export type { WalletConnectState } from '../../stores/walletConnect.js'
export { fetchWallets, searchWallets } from '../../actions/fetchWallets.js'
export type { WalletsState } from '../../stores/wallets.js'
export { showsAllWallets } from '../../selectors/walletSelectors.js'
