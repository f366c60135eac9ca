// @portico/core, sign-in with the wallet and data capture. Explicit named re-exports, re-exported by index.ts.
export { formatSiwxMessage, newSiwxNonce, type SIWXMessageData } from '../../spec/siwx.js'
export { serverSiwx, SiwxText, type SIWXConfig, type SIWXSession, type ServerSiwxOptions } from '../../siwx/config.js'
export { checkSiwx } from '../../actions/checkSiwx.js'
export { signInWithWallet } from '../../actions/signInWithWallet.js'
export { cancelSiwx, clearSiwxSessions } from '../../actions/cancelSiwx.js'
export {
  submitDataCapture,
  skipDataCapture,
  canSkipDataCapture,
  dataCaptureProblem,
  emailResource,
  type SubmitDataCaptureParameters,
  type SubmitDataCaptureReturnType,
  type SubmitDataCaptureErrorType,
} from '../../actions/dataCapture.js'
export type { SiwxState } from '../../stores/siwx.js'
