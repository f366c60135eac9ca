// @portico/core, EIP-5792 batched calls (issue 17). Explicit named re-exports, re-exported by index.ts.
export {
  getCapabilities,
  type Capabilities,
  type GetCapabilitiesParameters,
  type GetCapabilitiesReturnType,
  type GetCapabilitiesErrorType,
} from '../../actions/getCapabilities.js'
export { sendCalls, type Call, type SendCallsParameters, type SendCallsReturnType, type SendCallsErrorType } from '../../actions/sendCalls.js'
export {
  getCallsStatus,
  type CallsReceipt,
  type GetCallsStatusParameters,
  type GetCallsStatusReturnType,
  type GetCallsStatusErrorType,
} from '../../actions/getCallsStatus.js'
export {
  showCallsStatus,
  type ShowCallsStatusParameters,
  type ShowCallsStatusReturnType,
  type ShowCallsStatusErrorType,
} from '../../actions/showCallsStatus.js'
export { CALLS_VERSION, CallsErrorCode, CallsStatusCode, type AtomicStatus } from '../../spec/calls.js'
