// @portico/core, email and social login, the embedded wallet and its custody (issue 6, CUSTODY.md). Explicit named re-exports, re-exported by index.ts.
export { AUTH_CONNECTOR_ID } from '../../embedded/authConnector.js'
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
} from '../../embedded/types.js'
export { platformOf } from '../../embedded/browser.js'
export type { EmbeddedState } from '../../stores/embedded.js'
export { clearLoginCache, loginDisplayName, readLoginCache, type LoginCache } from '../../embedded/loginCache.js'
export { availableSocials, emailLoginAvailable, restrictedSocials } from '../../selectors/socials.js'
export { loadEmbeddedWallet, type LoadEmbeddedWalletReturnType, type LoadEmbeddedWalletErrorType } from '../../actions/loadEmbeddedWallet.js'
export { connectEmail, type ConnectEmailParameters, type ConnectEmailReturnType, type ConnectEmailErrorType } from '../../actions/connectEmail.js'
export { emailCooldownLeft, type EmailCooldownLeftReturnType, type EmailCooldownLeftErrorType } from '../../actions/emailCooldownLeft.js'
export { verifyOtp, type VerifyOtpParameters, type VerifyOtpReturnType, type VerifyOtpErrorType } from '../../actions/verifyOtp.js'
export { connectDevice, type ConnectDeviceReturnType, type ConnectDeviceErrorType } from '../../actions/connectDevice.js'
export {
  connectSocial,
  SOCIAL_POPUP_SIZE,
  type ConnectSocialParameters,
  type ConnectSocialReturnType,
  type ConnectSocialErrorType,
} from '../../actions/connectSocial.js'
export { connectFarcaster, type ConnectFarcasterReturnType, type ConnectFarcasterErrorType } from '../../actions/connectFarcaster.js'
export { updateEmail, type UpdateEmailReturnType, type UpdateEmailErrorType } from '../../actions/updateEmail.js'
export { requestEmailUpdate, type RequestEmailUpdateReturnType, type RequestEmailUpdateErrorType } from '../../actions/requestEmailUpdate.js'
export { verifyEmailUpdateOtp, type VerifyEmailUpdateOtpReturnType, type VerifyEmailUpdateOtpErrorType } from '../../actions/verifyEmailUpdateOtp.js'
export {
  setPreferredAccountType,
  type SetPreferredAccountTypeParameters,
  type SetPreferredAccountTypeReturnType,
  type SetPreferredAccountTypeErrorType,
} from '../../actions/setPreferredAccountType.js'
export { getAccountTypeSwitch, type GetAccountTypeSwitchReturnType, type GetAccountTypeSwitchErrorType } from '../../actions/getAccountTypeSwitch.js'
export { rejectApproval, type RejectApprovalReturnType, type RejectApprovalErrorType } from '../../actions/rejectApproval.js'
export { signOutEmbedded, isAuthConnector, type SignOutEmbeddedReturnType, type SignOutEmbeddedErrorType } from '../../actions/signOutEmbedded.js'
export { openWalletSecurity, type OpenWalletSecurityReturnType, type OpenWalletSecurityErrorType } from '../../actions/openWalletSecurity.js'
export { fetchWalletFactors, type FetchWalletFactorsReturnType, type FetchWalletFactorsErrorType } from '../../actions/fetchWalletFactors.js'
export {
  addWalletFactor,
  type AddWalletFactorReturnType,
  type AddWalletFactorErrorType,
  type AddWalletFactorParameters,
} from '../../actions/addWalletFactor.js'
export {
  removeWalletFactor,
  type RemoveWalletFactorReturnType,
  type RemoveWalletFactorErrorType,
  type RemoveWalletFactorParameters,
} from '../../actions/removeWalletFactor.js'
export { cancelFactorScreen, type CancelFactorScreenReturnType, type CancelFactorScreenErrorType } from '../../actions/cancelFactorScreen.js'
