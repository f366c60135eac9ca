// @portico/core/spec: the spec's shared data and pure rules, without stores, DOM or React, so the
// server and the secure frame can import it. Explicit named re-exports so every change is visible in review.
export {
  CAIP10_PATTERN,
  CAIP2_PATTERN,
  ChainNamespaces,
  DefaultAccountTypes,
  eip155ChainId,
  isCaip2,
  isCaipAddress,
  isChainNamespace,
  parseCaip10,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
  type AccountType,
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
} from '../spec/caip.js'
export { ChainFamilies, chainFamily, explorerLinks, isValidAddress, type ChainFamilyRecord, type ExplorerNetwork } from '../spec/families/index.js'
export { bip122AddressParams, decodeBip122Address, isBip122Address, type Bip122Address, type Bip122AddressParams } from '../spec/families/bip122Address.js'
export {
  CacheLifetimes,
  DefaultFeatures,
  DefaultRemoteFeatures,
  ErrorReportThrottle,
  Limits,
  SdkDefaults,
  OAuthSocialProviders,
  SocialProviders,
  Time,
  WalletFeatureOrder,
  type CacheKind,
  type Features,
  type RemoteFeatures,
  type OAuthSocialProvider,
  type SocialProvider,
} from '../spec/defaults.js'
export {
  Alerts,
  ErrorText,
  ProviderErrorAlerts,
  ProviderErrorCode,
  ProviderErrorText,
  providerErrorAlert,
  type Alert,
  type AlertCode,
  type ErrorCategory,
} from '../spec/catalogue.js'
export {
  CALLS_VERSION,
  CallsErrorCode,
  CallsStatusCode,
  MAX_BATCHED_CALLS,
  batchCallsProblem,
  callsStatusName,
  isValidBatchCall,
  type AtomicStatus,
  type BatchCall,
} from '../spec/calls.js'
export { SponsorshipErrorCode } from '../spec/sponsorship.js'
export { EvmReadMethods, type EvmReadMethod } from '../spec/evmReadMethods.js'
export { EmailTexts, OTP_PATTERN } from '../spec/email.js'
export { DEFAULT_NAME_SUFFIX, NAME_LABEL_PATTERN, NameRule, NameText, isValidName, toFullName, toNameLabel } from '../spec/names.js'
export { originAllowed } from '../spec/origin.js'
export {
  DEFAULT_SOLANA_COMMITMENT,
  SOLANA_RENT_EXEMPT_MINIMUM_LAMPORTS,
  SolanaCommitments,
  isSolanaCommitment,
  type SolanaCommitment,
} from '../spec/solana.js'
export { formatSiwxMessage, newSiwxNonce, type SIWXMessageData } from '../spec/siwx.js'
export {
  isNativePlaceholder,
  NATIVE_TOKEN_PLACEHOLDERS,
  SWAP_CHAIN_IDS,
  SWAP_POPULAR_SYMBOLS,
  SWAP_SLIPPAGE_PERCENT,
  SWAP_SUGGESTED_SYMBOLS,
} from '../spec/swaps.js'
