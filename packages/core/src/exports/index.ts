// Public API of @portico/core. Explicit named re-exports so every change is visible in review.
export { createPortico } from '../createPortico.js'
export type { Portico, CreatePorticoOptions, AuthConnectorHandle } from '../portico.js'
export { resolveOptions, type PorticoOptions, type ResolvedOptions, type Metadata, type CustomWallet, type TokenOption } from '../options.js'
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
export { isValidName } from '../spec/names.js'
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
export { memoryStorage, systemClock, desktopEnvironment, defaultEnvironment, type Clock, type Environment, type StorageLike } from '../environment.js'
export { StorageKeys, WALLET_PREFIX, createStorage, type PorticoStorage, type RecentWallet } from '../storage.js'
export { Views, footerFor, type View, type Footer } from '../views.js'
export { push, replace, reset } from '../router.js'
export { PorticoError, type PorticoErrorOptions } from '../errors/base.js'
export { catalogueMessage } from '../i18n/catalogueMessage.js'
export type { CatalogueMessage } from '../i18n/message.js'
export { createEip1193Shell, eip1193Error, type Eip1193Link, type Eip1193Shell } from '../provider/eip1193Shell.js'
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
  ConnectionRejectedError,
  ConnectorNotFoundError,
  InvalidConnectionStatusError,
  NamespaceNotConfiguredError,
  ProviderRequestError,
  SwitchNetworkError,
  UnauthorizedProviderError,
  UnrecognizedChainError,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from '../errors/connector.js'
export {
  ModalClosedError,
  PopupClosedError,
  RequestAbortedError,
  TermsNotAcceptedError,
  type ModalClosedErrorType,
  type PopupClosedErrorType,
  type RequestAbortedErrorType,
  type TermsNotAcceptedErrorType,
} from '../errors/flow.js'
export { InvalidOptionsError } from '../errors/options.js'
export { errorDisplayMessage, errorDisplayText } from '../errors/display.js'
export { formatUnits, formatUsd, shortenAddress, truncateDecimals } from '../utils/format.js'
export { DefaultThemeVariables, FontSizeScale, isSafeCssValue, themeToCssVariables } from '../theme.js'
export type { AccountState } from '../stores/account.js'
export type { ConnectionStatus, ConnectionsState } from '../stores/connections.js'
export type { ModalState } from '../stores/modal.js'
export type { NetworkState } from '../stores/network.js'
export type { RouterData, RouterState, TransactionStackEntry } from '../stores/router.js'
export type { SnackState } from '../stores/snack.js'
export type { ThemeMode, ThemeState, ThemeVariables } from '../stores/theme.js'
// Actions
export { openModal, type OpenModalParameters } from '../actions/openModal.js'
export { canSwitchNetwork } from '../actions/canSwitchNetwork.js'
export { getAccountTabs, AccountTabs, type AccountTab } from '../actions/getAccountTabs.js'
export { getConnectLayout, type GetConnectLayoutReturnType } from '../actions/getConnectLayout.js'
export { setLegalAccepted, type SetLegalAcceptedParameters } from '../actions/setLegalAccepted.js'
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
export { retry, type RetryParameters } from '../utils/retry.js'
export { closeModal } from '../actions/closeModal.js'
export { goBack } from '../actions/goBack.js'
export { pushTransactionStack, popTransactionStack } from '../actions/transactionStack.js'
export { connectExternal, findConnector, type ConnectExternalParameters } from '../actions/connectExternal.js'
export { disconnect, type DisconnectParameters } from '../actions/disconnect.js'
export { reconnect } from '../actions/reconnect.js'
export { initialize } from '../actions/initialize.js'
export { getMergedConnectors } from '../actions/getMergedConnectors.js'
export { switchNetwork, type SwitchNetworkParameters } from '../actions/switchNetwork.js'
export { selectNetwork } from '../actions/selectNetwork.js'
export { switchActiveNamespace } from '../actions/switchActiveNamespace.js'
export { switchActiveChain, type SwitchActiveChainParameters, type SwitchActiveChainErrorType } from '../actions/switchActiveChain.js'
export { fetchBalance } from '../actions/fetchBalance.js'
export { setThemeMode, setThemeVariables } from '../actions/setThemeMode.js'
export { showSnack, hideSnack, SNACK_DURATION_MS, type ShowSnackParameters } from '../actions/showSnack.js'
export { getAccount, isConnected } from '../stores/account.js'
export { getActiveConnectorId } from '../stores/connections.js'
// Public providers and watchers: what a host's own code uses (issue 11)
export {
  getProvider,
  type Eip1193Event,
  type GetProviderReturnType,
  type PorticoEip1193Provider,
  type SolanaWalletProvider,
} from '../actions/getProvider.js'
export {
  readAccount,
  type ReadAccountErrorType,
  type ReadAccountParameters,
  type ReadAccountReturnType,
  type WatchedAccount,
} from '../actions/readAccount.js'
export { watchAccount, type WatchAccountErrorType, type WatchAccountParameters, type WatchAccountReturnType } from '../actions/watchAccount.js'
export { readNetwork, type ReadNetworkErrorType, type ReadNetworkReturnType, type WatchedNetwork } from '../actions/readNetwork.js'
export { watchNetwork, type WatchNetworkErrorType, type WatchNetworkParameters, type WatchNetworkReturnType } from '../actions/watchNetwork.js'
export { requestConnection, type RequestConnectionParameters, type RequestConnectionReturnType } from '../actions/requestConnection.js'
export { ProviderRpcError, toProviderRpcError } from '../errors/provider.js'
// EIP-5792 batched calls (issue 17)
export {
  getCapabilities,
  type Capabilities,
  type GetCapabilitiesParameters,
  type GetCapabilitiesReturnType,
  type GetCapabilitiesErrorType,
} from '../actions/getCapabilities.js'
export { sendCalls, type Call, type SendCallsParameters, type SendCallsReturnType, type SendCallsErrorType } from '../actions/sendCalls.js'
export {
  getCallsStatus,
  type CallsReceipt,
  type GetCallsStatusParameters,
  type GetCallsStatusReturnType,
  type GetCallsStatusErrorType,
} from '../actions/getCallsStatus.js'
export { showCallsStatus, type ShowCallsStatusParameters, type ShowCallsStatusReturnType, type ShowCallsStatusErrorType } from '../actions/showCallsStatus.js'
export {
  BatchedCallsUnsupportedError,
  CallsRequestError,
  InvalidBatchedCallsError,
  type BatchedCallsUnsupportedErrorType,
  type CallsRequestErrorType,
  type InvalidBatchedCallsErrorType,
} from '../errors/calls.js'
export { CALLS_VERSION, CallsErrorCode, CallsStatusCode, type AtomicStatus } from '../spec/calls.js'
export { checkAllowedOrigin, type AllowedOriginResult } from '../actions/checkAllowedOrigin.js'
export { fetchProjectConfig } from '../actions/fetchProjectConfig.js'
export { setAlert, clearAlert } from '../actions/setAlert.js'
export { track, type AnalyticsEvent } from '../analytics/track.js'
export { reportError } from '../analytics/reportError.js'
export { createHttpClient, HttpRequestError, type HttpClient, type RequestParameters } from '../api/http.js'
export { isWalletAssetsResponseValid, type WalletAsset } from '../api/walletAssets.js'
export { TokenBalanceSchema, type TokenBalance } from '../api/schemas.js'
export { createCache, type PorticoCache } from '../cache.js'
export { CacheLifetimes, ErrorReportThrottle, RpcPolicy, type CacheKind } from '../spec/defaults.js'
export { originAllowed } from '../spec/origin.js'
export type { ProjectState } from '../stores/project.js'
export { sendTokens, type SendTokensReturnType, type SendTokensErrorType } from '../actions/sendTokens.js'
export { setReceiver } from '../actions/setReceiver.js'
export { setSendToken, type SetSendTokenParameters } from '../actions/setSendToken.js'
export { setSendAmount, type SetSendAmountParameters } from '../actions/setSendAmount.js'
export { resetSend } from '../actions/resetSend.js'
export { estimateSendFee } from '../actions/estimateSendFee.js'
export { validateSend, isNativeToken, evmChainIdToCoinType, MAX_EVM_CHAIN_ID, type ValidateSendProblem } from '../send/validateSend.js'
export { parseUnits } from '../utils/format.js'
export { initialSendState, type ReceiverProblem, type SendState } from '../stores/send.js'
export type { TransferParameters } from '../adapter.js'
export { NameRecordSchema } from '../api/schemas.js'
// Account: identity, tokens, NFTs, activity (issue 4)
export { fetchIdentity, getIdentity, type Identity } from '../actions/fetchIdentity.js'
export { fetchNfts } from '../actions/fetchNfts.js'
export { fetchTransactions, type FetchTransactionsParameters } from '../actions/fetchTransactions.js'
export {
  describeTransaction,
  filterTransactions,
  formatHistoryQuantity,
  groupTransactionsByDate,
  isSpamOnly,
  type TransactionGroup,
  type TransactionRow,
} from '../activity/transactions.js'
export { TransactionSchema, NftSchema, type Transaction, type Transfer, type Nft } from '../api/schemas.js'
export type { TransactionsState, NftsState } from '../stores/activity.js'
export { getWalletFeatures, type WalletFeature } from '../actions/walletFeatures.js'
export {
  openWalletFeature,
  type OpenWalletFeatureParameters,
  type OpenWalletFeatureReturnType,
  type OpenWalletFeatureErrorType,
} from '../actions/openWalletFeature.js'
export { navigate, type NavigateParameters, type NavigateReturnType, type NavigateErrorType } from '../actions/navigate.js'
export { returnToAccount, type ReturnToAccountReturnType, type ReturnToAccountErrorType } from '../actions/returnToAccount.js'
export { accountView, isUnsupportedChainBlocked } from '../actions/unsupportedChain.js'
export {
  getWalletConnections,
  switchConnection,
  type ConnectionStatusKind,
  type SwitchConnectionParameters,
  type WalletConnection,
} from '../actions/switchConnection.js'
// Send form (issue 4)
export { startSend, type StartSendParameters } from '../actions/startSend.js'
export { typeReceiver, type TypeReceiverParameters } from '../actions/typeReceiver.js'
export { getCurrentSendProblem, type GetCurrentSendProblemReturnType } from '../actions/getCurrentSendProblem.js'
export {
  getMaxSendAmount,
  getSendProblem,
  isInsufficientBalance,
  isSendInputError,
  sendAmountInUsd,
  SendFormText,
  type SendProblem,
  type SendProblemKind,
} from '../send/sendForm.js'
// Swaps (the server's /v1/convert/*)
export { startSwap } from '../actions/startSwap.js'
export { setSwapAmount } from '../actions/setSwapAmount.js'
export { openSwapTokenPicker } from '../actions/openSwapTokenPicker.js'
export { selectSwapToken } from '../actions/selectSwapToken.js'
export { flipSwapTokens } from '../actions/flipSwapTokens.js'
export { submitSwap, type SubmitSwapErrorType, type SubmitSwapParameters, type SubmitSwapReturnType } from '../actions/submitSwap.js'
export {
  formatSwapAmount,
  getSwapProblem,
  isPriceImpactHigh,
  minimumReceived,
  swapAmount,
  swapFiatValue,
  swapNeedsApproval,
  swapNetworkFee,
  swapRate,
  swapTokenBalance,
  SwapText,
  SWAP_PRICE_IMPACT_WARNING_PERCENT,
} from '../swap/rules.js'
export { fetchSwapTokens, type FetchSwapTokensErrorType, type FetchSwapTokensParameters, type FetchSwapTokensReturnType } from '../actions/fetchSwapTokens.js'
export { fetchSwapPrices } from '../actions/fetchSwapPrices.js'
export type { SwapQuote, SwapToken, SwapTokenList } from '../api/swap.js'
export { SWAP_SLIPPAGE_PERCENT, SWAP_SUGGESTED_SYMBOLS } from '../spec/swaps.js'
export type { SwapState } from '../stores/swap.js'
export { SendViews } from '../views.js'
export { totalBalanceUsd } from '../utils/format.js'
export { loadWalletConnect } from '../actions/loadWalletConnect.js'
export { connectWalletConnect, resetWcConnection, type ConnectWalletConnectParameters } from '../actions/connectWalletConnect.js'
export { selectConnector } from '../actions/selectConnector.js'
export {
  WALLET_CONNECT_CONNECTOR_ID,
  type WalletConnectClient,
  type WalletConnectLoader,
  type WalletConnectLoadParameters,
  type WalletConnectSession,
} from '../walletconnect/client.js'
export { isPairingExpired, pairingExpiryFrom, shouldReusePairing, type PairingCache } from '../walletconnect/pairing.js'
export { formatNativeUrl, formatUniversalUrl, isHttpUrl } from '../walletconnect/deepLinks.js'
export {
  filterWallets,
  orderWallets,
  recommendedWallets,
  BROWSER_WALLET_NAME,
  type WalletListItem,
  type WalletListContext,
} from '../spec/walletList.js'
export type { WalletConnectState } from '../stores/walletConnect.js'
export { fetchWallets, searchWallets } from '../actions/fetchWallets.js'
export type { WalletsState } from '../stores/wallets.js'
export { formatSiwxMessage, newSiwxNonce, type SIWXMessageData } from '../spec/siwx.js'
export { serverSiwx, SiwxText, type SIWXConfig, type SIWXSession, type ServerSiwxOptions } from '../siwx/config.js'
export { checkSiwx } from '../actions/checkSiwx.js'
export { signInWithWallet } from '../actions/signInWithWallet.js'
export { cancelSiwx, clearSiwxSessions } from '../actions/cancelSiwx.js'
export { submitDataCapture, skipDataCapture, canSkipDataCapture, dataCaptureProblem, emailResource } from '../actions/dataCapture.js'
export { isCloseBlocked } from '../actions/closeModal.js'
export type { SiwxState } from '../stores/siwx.js'
export { registerName, type RegisterNameParameters, type RegisterNameErrorType } from '../actions/registerName.js'
export { suggestNames, type SuggestNamesParameters } from '../actions/suggestNames.js'
export { fullName, canRegisterName, getNameAvailability, type NameAvailability } from '../selectors/nameSelectors.js'
export { getOnrampPurchase, type OnrampPurchase } from '../selectors/onrampSelectors.js'
export { showsAllWallets } from '../selectors/walletSelectors.js'
export { getFooter, type FooterContent } from '../selectors/routerSelectors.js'
export { NameText } from '../spec/names.js'
export type { NamesState } from '../stores/names.js'
export { fetchOnrampOptions } from '../actions/fetchOnrampOptions.js'
export { setPaymentCurrency, setPurchaseCurrency } from '../actions/setOnrampCurrency.js'
// getQuote is getOnrampQuote's earlier public name.
export { getOnrampQuote, getOnrampQuote as getQuote, type GetOnrampQuoteReturnType } from '../actions/getOnrampQuote.js'
export { setPaymentAmount, type SetPaymentAmountParameters } from '../actions/setPaymentAmount.js'
export { onrampProviderLink, selectOnrampProvider } from '../actions/selectOnrampProvider.js'
export { amountOutsideLimits, OnrampDefaults } from '../onramp/rules.js'
export type { OnrampState, OnrampProvider, PaymentCurrency, PurchaseCurrency } from '../stores/onramp.js'
// Email and social login: the embedded wallet (issue 6)
export { AUTH_CONNECTOR_ID } from '../embedded/authConnector.js'
export type {
  EmailLoginAction,
  EmailUpdateAction,
  EmbeddedAccountType,
  EmbeddedSocialProvider,
  EmbeddedWalletClient,
  EmbeddedWalletEvent,
  EmbeddedWalletLoadParameters,
  EmbeddedWalletLoader,
  EmbeddedWalletUser,
  FactorScreenPurpose,
  FrameRect,
  PopupHandle,
  WalletFactorKind,
  WalletFactors,
} from '../embedded/types.js'
export { RpcCallNotAllowedError } from '../errors/connector.js'
export { platformOf } from '../embedded/browser.js'
export type { EmbeddedState } from '../stores/embedded.js'
export { clearLoginCache, loginDisplayName, readLoginCache, type LoginCache } from '../embedded/loginCache.js'
export { availableSocials, emailLoginAvailable, restrictedSocials } from '../selectors/socials.js'
export { loadEmbeddedWallet } from '../actions/loadEmbeddedWallet.js'
export { connectEmail, emailCooldownLeft, type ConnectEmailParameters } from '../actions/connectEmail.js'
export { verifyOtp, type VerifyOtpParameters } from '../actions/verifyOtp.js'
export { connectDevice } from '../actions/connectDevice.js'
export { connectSocial, SOCIAL_POPUP_SIZE, type ConnectSocialParameters } from '../actions/connectSocial.js'
export { connectFarcaster } from '../actions/connectFarcaster.js'
export { updateEmail } from '../actions/updateEmail.js'
export { requestEmailUpdate } from '../actions/requestEmailUpdate.js'
export { verifyEmailUpdateOtp } from '../actions/verifyEmailUpdateOtp.js'
export { setPreferredAccountType, type SetPreferredAccountTypeParameters } from '../actions/setPreferredAccountType.js'
export { getAccountTypeSwitch, type GetAccountTypeSwitchReturnType, type GetAccountTypeSwitchErrorType } from '../actions/getAccountTypeSwitch.js'
export { rejectApproval } from '../actions/rejectApproval.js'
export { signOutEmbedded, isAuthConnector } from '../actions/signOutEmbedded.js'
// Custody (CUSTODY.md): user-held factors of the embedded wallet.
export { openWalletSecurity } from '../actions/openWalletSecurity.js'
export { fetchWalletFactors } from '../actions/fetchWalletFactors.js'
export { addWalletFactor } from '../actions/addWalletFactor.js'
export { removeWalletFactor } from '../actions/removeWalletFactor.js'
export { cancelFactorScreen } from '../actions/cancelFactorScreen.js'
export { emptyAccountState } from '../stores/account.js'
