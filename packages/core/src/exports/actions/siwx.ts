// @portico/core, sign-in with the wallet and data capture. Explicit named re-exports, re-exported by index.ts.
export { formatSiwxMessage, newSiwxNonce, type SIWXMessageData } from '../../spec/siwx.js'
export { serverSiwx, SiwxText, type SIWXConfig, type SIWXSession, type ServerSiwxOptions } from '../../siwx/config.js'
export { checkSiwx, type CheckSiwxReturnType, type CheckSiwxErrorType } from '../../actions/checkSiwx.js'
export { signInWithWallet, type SignInWithWalletReturnType, type SignInWithWalletErrorType } from '../../actions/signInWithWallet.js'
export { cancelSiwx, type CancelSiwxReturnType, type CancelSiwxErrorType } from '../../actions/cancelSiwx.js'
export { clearSiwxSessions, type ClearSiwxSessionsReturnType, type ClearSiwxSessionsErrorType } from '../../actions/clearSiwxSessions.js'
export {
  submitDataCapture,
  type SubmitDataCaptureParameters,
  type SubmitDataCaptureReturnType,
  type SubmitDataCaptureErrorType,
} from '../../actions/submitDataCapture.js'
export { skipDataCapture, type SkipDataCaptureReturnType, type SkipDataCaptureErrorType } from '../../actions/skipDataCapture.js'
export { canSkipDataCapture, type CanSkipDataCaptureReturnType, type CanSkipDataCaptureErrorType } from '../../actions/canSkipDataCapture.js'
export { dataCaptureProblem, type DataCaptureProblemReturnType, type DataCaptureProblemErrorType } from '../../actions/dataCaptureProblem.js'
export { emailResource, type EmailResourceReturnType, type EmailResourceErrorType } from '../../actions/emailResource.js'
export type { SiwxState } from '../../stores/siwx.js'
