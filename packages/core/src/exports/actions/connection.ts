// @portico/core, actions of connecting: connect, reconnect, networks, the public provider and watchers, WalletConnect. Explicit named re-exports, re-exported by index.ts.
export {
  connectExternal,
  type ConnectExternalParameters,
  type ConnectExternalErrorType,
  type ConnectExternalReturnType,
} from '../../actions/connectExternal.js'
export { findConnector, type FindConnectorParameters, type FindConnectorReturnType, type FindConnectorErrorType } from '../../actions/findConnector.js'
export { disconnect, type DisconnectParameters, type DisconnectReturnType, type DisconnectErrorType } from '../../actions/disconnect.js'
export { reconnect, type ReconnectReturnType, type ReconnectErrorType } from '../../actions/reconnect.js'
export { initialize, type InitializeReturnType, type InitializeErrorType } from '../../actions/initialize.js'
export { getMergedConnectors, type GetMergedConnectorsReturnType, type GetMergedConnectorsErrorType } from '../../actions/getMergedConnectors.js'
export { switchNetwork, type SwitchNetworkParameters, type SwitchNetworkReturnType, type SwitchNetworkErrorType } from '../../actions/switchNetwork.js'
export { selectNetwork, type SelectNetworkParameters, type SelectNetworkReturnType, type SelectNetworkErrorType } from '../../actions/selectNetwork.js'
export { switchActiveNamespace, type SwitchActiveNamespaceReturnType, type SwitchActiveNamespaceErrorType } from '../../actions/switchActiveNamespace.js'
export {
  switchActiveChain,
  type SwitchActiveChainParameters,
  type SwitchActiveChainErrorType,
  type SwitchActiveChainReturnType,
} from '../../actions/switchActiveChain.js'
export { fetchBalance, type FetchBalanceReturnType, type FetchBalanceErrorType } from '../../actions/fetchBalance.js'
export {
  getProvider,
  type Eip1193Event,
  type GetProviderReturnType,
  type PorticoEip1193Provider,
  type SolanaWalletProvider,
  type GetProviderErrorType,
} from '../../actions/getProvider.js'
export type {
  BitcoinAccountAddress,
  BitcoinAddressIntention,
  BitcoinMethod,
  BitcoinProviderEvent,
  BitcoinRpcSchema,
  PorticoBitcoinProvider,
} from '../../provider/types.js'
export { createEip1193Shell, eip1193Error, type Eip1193Link, type Eip1193Shell } from '../../provider/eip1193Shell.js'
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
export {
  requestConnection,
  type RequestConnectionParameters,
  type RequestConnectionReturnType,
  type RequestConnectionErrorType,
} from '../../actions/requestConnection.js'
export {
  switchConnection,
  type SwitchConnectionParameters,
  type SwitchConnectionReturnType,
  type SwitchConnectionErrorType,
} from '../../actions/switchConnection.js'
export {
  getAccountTypes,
  type AccountTypeAddress,
  type GetAccountTypesParameters,
  type GetAccountTypesReturnType,
  type GetAccountTypesErrorType,
} from '../../actions/getAccountTypes.js'
export {
  selectAccountType,
  type SelectAccountTypeParameters,
  type SelectAccountTypeReturnType,
  type SelectAccountTypeErrorType,
} from '../../actions/selectAccountType.js'
export {
  getWalletConnections,
  type ConnectionStatusKind,
  type WalletConnection,
  type GetWalletConnectionsReturnType,
  type GetWalletConnectionsErrorType,
} from '../../actions/getWalletConnections.js'
export { loadWalletConnect, type LoadWalletConnectReturnType, type LoadWalletConnectErrorType } from '../../actions/loadWalletConnect.js'
export {
  connectWalletConnect,
  type ConnectWalletConnectParameters,
  type ConnectWalletConnectReturnType,
  type ConnectWalletConnectErrorType,
} from '../../actions/connectWalletConnect.js'
export { resetWcConnection, type ResetWcConnectionReturnType, type ResetWcConnectionErrorType } from '../../actions/resetWcConnection.js'
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
} from '../../walletconnectClient.js'
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
export { fetchWallets, type FetchWalletsReturnType, type FetchWalletsErrorType } from '../../actions/fetchWallets.js'
export { searchWallets, type SearchWalletsParameters, type SearchWalletsReturnType, type SearchWalletsErrorType } from '../../actions/searchWallets.js'
export type { WalletsState } from '../../stores/wallets.js'
export { showsAllWallets } from '../../selectors/walletSelectors.js'
