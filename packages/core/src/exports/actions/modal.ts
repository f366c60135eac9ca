// @portico/core, actions of the modal: open, close, navigate, snacks, alerts, theme, what a view shows. Explicit named re-exports, re-exported by index.ts.
export { openModal, type OpenModalParameters, type OpenModalReturnType, type OpenModalErrorType } from '../../actions/openModal.js'
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
export { closeModal, type CloseModalReturnType, type CloseModalErrorType, type CloseModalParameters } from '../../actions/closeModal.js'
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
export { setThemeMode, type SetThemeModeReturnType, type SetThemeModeErrorType, type SetThemeModeParameters } from '../../actions/setThemeMode.js'
export {
  setThemeVariables,
  type SetThemeVariablesReturnType,
  type SetThemeVariablesErrorType,
  type SetThemeVariablesParameters,
} from '../../actions/setThemeVariables.js'
export {
  showSnack,
  SNACK_DURATION_MS,
  type ShowSnackParameters,
  type ShowSnackReturnType,
  type ShowSnackErrorType,
} from '../../actions/showSnack.js'
export { hideSnack, type HideSnackReturnType, type HideSnackErrorType } from '../../actions/hideSnack.js'
export {
  checkAllowedOrigin,
  type AllowedOriginResult,
  type CheckAllowedOriginReturnType,
  type CheckAllowedOriginErrorType,
} from '../../actions/checkAllowedOrigin.js'
export { fetchProjectConfig, type FetchProjectConfigReturnType, type FetchProjectConfigErrorType } from '../../actions/fetchProjectConfig.js'
export {
  setAlert,
  clearAlert,
  type SetAlertReturnType,
  type SetAlertErrorType,
  type ClearAlertReturnType,
  type ClearAlertErrorType,
} from '../../actions/setAlert.js'
export { getWalletFeatures, type WalletFeature, type GetWalletFeaturesReturnType, type GetWalletFeaturesErrorType } from '../../actions/walletFeatures.js'
export {
  openWalletFeature,
  type OpenWalletFeatureParameters,
  type OpenWalletFeatureReturnType,
  type OpenWalletFeatureErrorType,
} from '../../actions/openWalletFeature.js'
export { navigate, type NavigateParameters, type NavigateReturnType, type NavigateErrorType } from '../../actions/navigate.js'
export { returnToAccount, type ReturnToAccountReturnType, type ReturnToAccountErrorType } from '../../actions/returnToAccount.js'
export { accountView, type AccountViewReturnType, type AccountViewErrorType } from '../../actions/accountView.js'
export {
  isUnsupportedChainBlocked,
  type IsUnsupportedChainBlockedReturnType,
  type IsUnsupportedChainBlockedErrorType,
} from '../../actions/isUnsupportedChainBlocked.js'
export { isCloseBlocked, type IsCloseBlockedReturnType, type IsCloseBlockedErrorType } from '../../actions/isCloseBlocked.js'
export { getFooter, type FooterContent } from '../../selectors/routerSelectors.js'
