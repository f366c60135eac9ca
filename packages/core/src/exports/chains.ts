// @portico/core, chains and connectors: CAIP ids, networks, adapters, connector lists, spec defaults. Explicit named re-exports, re-exported by index.ts.
export {
  ChainNamespaces,
  DefaultAccountTypes,
  isCaipAddress,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
  type AccountType,
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
} from '../spec/caip.js'
export { ChainFamilies, chainFamily, explorerLinks, isValidAddress, type ChainFamilyRecord, type ExplorerNetwork } from '../spec/families/index.js'
export {
  ChainNamespaceNames,
  defineNetwork,
  groupNetworksByNamespace,
  mainnet,
  polygon,
  solana,
  solanaDevnet,
  solanaTestnet,
  bitcoin,
  type CaipNetwork,
} from '../networks.js'
export type {
  ChainAdapter,
  AdapterAccount,
  AdapterBalance,
  AdapterConnectResult,
  AdapterEvents,
  AdapterFeeRates,
  RpcHost,
} from '../adapter.js'
export { sameConnectorId, type Connection, type ConnectionAccount, type Connector, type ConnectorType } from '../connectors.js'
export {
  ConnectorGroupOrder,
  connectMethodOrder,
  connectorsForNamespace,
  mergeConnectors,
  orderConnectors,
  type ConnectorGroup,
  type ConnectorListItem,
} from '../connectorList.js'
export {
  DefaultFeatures,
  DefaultRemoteFeatures,
  Limits,
  SdkDefaults,
  SocialProviders,
  Time,
  WalletFeatureOrder,
  type Features,
  type RemoteFeatures,
  type SocialProvider,
} from '../spec/defaults.js'
export { RestrictedTimezones, isRestrictedTimezone } from '../spec/regions.js'
export {
  ListedNetworks,
  arbitrum,
  optimism,
  zksync,
  base,
  bsc,
  gnosis,
  avalanche,
  fantom,
  kaia,
  aurora,
  sepolia,
  bitcoinTestnet,
  bitcoinSignet,
} from '../networkSets.js'
export { NetworkImageIds, ConnectorImageIds, ConnectorExplorerIds, connectorIds } from '../spec/images.js'
export { CacheLifetimes, ErrorReportThrottle, RpcPolicy, type CacheKind } from '../spec/defaults.js'
export { originAllowed } from '../spec/origin.js'
