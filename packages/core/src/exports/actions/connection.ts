// @portico/core, actions of connecting: connect, reconnect, networks, the public provider and watchers, WalletConnect. Explicit named re-exports, re-exported by index.ts.
export { connectExternal, type ConnectExternalParameters, type ConnectExternalErrorType } from '../../actions/connectExternal.js'
export { findConnector, type FindConnectorParameters, type FindConnectorReturnType, type FindConnectorErrorType } from '../../actions/findConnector.js'
export { disconnect, type DisconnectParameters } from '../../actions/disconnect.js'
export { reconnect } from '../../actions/reconnect.js'
export { initialize } from '../../actions/initialize.js'
export { getMergedConnectors, type GetMergedConnectorsReturnType } from '../../actions/getMergedConnectors.js'
export { switchNetwork, type SwitchNetworkParameters } from '../../actions/switchNetwork.js'
export { selectNetwork, type SelectNetworkParameters, type SelectNetworkReturnType, type SelectNetworkErrorType } from '../../actions/selectNetwork.js'
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
export { switchConnection, type SwitchConnectionParameters } from '../../actions/switchConnection.js'
export { getWalletConnections, type ConnectionStatusKind, type WalletConnection } from '../../actions/getWalletConnections.js'
export { loadWalletConnect } from '../../actions/loadWalletConnect.js'
export { connectWalletConnect, type ConnectWalletConnectParameters } from '../../actions/connectWalletConnect.js'
export { resetWcConnection } from '../../actions/resetWcConnection.js'
export {
  selectConnector,
  type SelectConnectorParameters,
  type SelectConnectorReturnType,
  type SelectConnectorErrorType,
} from '../../actions/selectConnector.js'
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
export { fetchWallets } from '../../actions/fetchWallets.js'
export { searchWallets, type SearchWalletsParameters, type SearchWalletsReturnType, type SearchWalletsErrorType } from '../../actions/searchWallets.js'
export type { WalletsState } from '../../stores/wallets.js'
export { showsAllWallets } from '../../selectors/walletSelectors.js'
