// @portico/core, actions of the modal: open, close, navigate, snacks, alerts, theme, what a view shows. Explicit named re-exports, re-exported by index.ts.
export { openModal, type OpenModalParameters } from '../../actions/openModal.js'
export { canSwitchNetwork } from '../../actions/canSwitchNetwork.js'
export { getAccountTabs, AccountTabs, type AccountTab } from '../../actions/getAccountTabs.js'
export { getConnectLayout, type GetConnectLayoutReturnType } from '../../actions/getConnectLayout.js'
export { setLegalAccepted, type SetLegalAcceptedParameters } from '../../actions/setLegalAccepted.js'
export { closeModal } from '../../actions/closeModal.js'
export { goBack } from '../../actions/goBack.js'
export { pushTransactionStack, popTransactionStack } from '../../actions/transactionStack.js'
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
