// @portico/core, sign-in with the wallet and data capture. Explicit named re-exports, re-exported by index.ts.
export { formatSiwxMessage, newSiwxNonce, type SIWXMessageData } from '../../spec/siwx.js'
export { serverSiwx, SiwxText, type SIWXConfig, type SIWXSession, type ServerSiwxOptions } from '../../siwx/config.js'
export { checkSiwx, type CheckSiwxReturnType, type CheckSiwxErrorType } from '../../actions/checkSiwx.js'
export { signInWithWallet, type SignInWithWalletReturnType, type SignInWithWalletErrorType } from '../../actions/signInWithWallet.js'
export {
  cancelSiwx,
  clearSiwxSessions,
  type CancelSiwxReturnType,
  type CancelSiwxErrorType,
  type ClearSiwxSessionsReturnType,
  type ClearSiwxSessionsErrorType,
} from '../../actions/cancelSiwx.js'
export {
  submitDataCapture,
  skipDataCapture,
  canSkipDataCapture,
  dataCaptureProblem,
  emailResource,
  type SubmitDataCaptureParameters,
  type SubmitDataCaptureReturnType,
  type SubmitDataCaptureErrorType,
  type SkipDataCaptureReturnType,
  type SkipDataCaptureErrorType,
  type CanSkipDataCaptureReturnType,
  type CanSkipDataCaptureErrorType,
  type DataCaptureProblemReturnType,
  type DataCaptureProblemErrorType,
  type EmailResourceReturnType,
  type EmailResourceErrorType,
} from '../../actions/dataCapture.js'
export type { SiwxState } from '../../stores/siwx.js'
