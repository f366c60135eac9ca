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
export { loadEmbeddedWallet } from '../../actions/loadEmbeddedWallet.js'
export { connectEmail, type ConnectEmailParameters, type ConnectEmailReturnType } from '../../actions/connectEmail.js'
export { emailCooldownLeft } from '../../actions/emailCooldownLeft.js'
export { verifyOtp, type VerifyOtpParameters } from '../../actions/verifyOtp.js'
export { connectDevice } from '../../actions/connectDevice.js'
export { connectSocial, SOCIAL_POPUP_SIZE, type ConnectSocialParameters } from '../../actions/connectSocial.js'
export { connectFarcaster } from '../../actions/connectFarcaster.js'
export { updateEmail } from '../../actions/updateEmail.js'
export { requestEmailUpdate } from '../../actions/requestEmailUpdate.js'
export { verifyEmailUpdateOtp } from '../../actions/verifyEmailUpdateOtp.js'
export { setPreferredAccountType, type SetPreferredAccountTypeParameters } from '../../actions/setPreferredAccountType.js'
export { getAccountTypeSwitch, type GetAccountTypeSwitchReturnType, type GetAccountTypeSwitchErrorType } from '../../actions/getAccountTypeSwitch.js'
export { rejectApproval, type RejectApprovalReturnType, type RejectApprovalErrorType } from '../../actions/rejectApproval.js'
export { signOutEmbedded, isAuthConnector } from '../../actions/signOutEmbedded.js'
export { openWalletSecurity } from '../../actions/openWalletSecurity.js'
export { fetchWalletFactors } from '../../actions/fetchWalletFactors.js'
export { addWalletFactor } from '../../actions/addWalletFactor.js'
export { removeWalletFactor } from '../../actions/removeWalletFactor.js'
export { cancelFactorScreen, type CancelFactorScreenReturnType, type CancelFactorScreenErrorType } from '../../actions/cancelFactorScreen.js'
