// @portico/core, actions of the modal: open, close, navigate, snacks, alerts, theme, what a view shows. Explicit named re-exports, re-exported by index.ts.
export { openModal, type OpenModalParameters } from '../../actions/openModal.js'
export { canSwitchNetwork, type CanSwitchNetworkReturnType, type CanSwitchNetworkErrorType } from '../../actions/canSwitchNetwork.js'
export { getAccountTabs, AccountTabs, type AccountTab, type GetAccountTabsReturnType, type GetAccountTabsErrorType } from '../../actions/getAccountTabs.js'
export {
  getConnectLayout,
  type GetConnectLayoutReturnType,
  type GetConnectLayoutParameters,
  type GetConnectLayoutErrorType,
} from '../../actions/getConnectLayout.js'
export {
  setLegalAccepted,
  type SetLegalAcceptedParameters,
  type SetLegalAcceptedReturnType,
  type SetLegalAcceptedErrorType,
} from '../../actions/setLegalAccepted.js'
export { closeModal } from '../../actions/closeModal.js'
export { goBack, type GoBackReturnType, type GoBackErrorType } from '../../actions/goBack.js'
export {
  popTransactionStack,
  type PopTransactionStackParameters,
  type PopTransactionStackReturnType,
  type PopTransactionStackErrorType,
} from '../../actions/popTransactionStack.js'
export {
  pushTransactionStack,
  type PushTransactionStackParameters,
  type PushTransactionStackReturnType,
  type PushTransactionStackErrorType,
} from '../../actions/pushTransactionStack.js'
export { setThemeMode, setThemeVariables } from '../../actions/setThemeMode.js'
export { showSnack, hideSnack, SNACK_DURATION_MS, type ShowSnackParameters } from '../../actions/showSnack.js'
export { checkAllowedOrigin, type AllowedOriginResult } from '../../actions/checkAllowedOrigin.js'
export { fetchProjectConfig } from '../../actions/fetchProjectConfig.js'
export { setAlert, clearAlert } from '../../actions/setAlert.js'
export { getWalletFeatures, type WalletFeature } from '../../actions/walletFeatures.js'
export {
  openWalletFeature,
  type OpenWalletFeatureParameters,
  type OpenWalletFeatureReturnType,
  type OpenWalletFeatureErrorType,
} from '../../actions/openWalletFeature.js'
export { navigate, type NavigateParameters, type NavigateReturnType, type NavigateErrorType } from '../../actions/navigate.js'
export { returnToAccount, type ReturnToAccountReturnType, type ReturnToAccountErrorType } from '../../actions/returnToAccount.js'
export { accountView, isUnsupportedChainBlocked } from '../../actions/unsupportedChain.js'
export { isCloseBlocked } from '../../actions/closeModal.js'
export { getFooter, type FooterContent } from '../../selectors/routerSelectors.js'
