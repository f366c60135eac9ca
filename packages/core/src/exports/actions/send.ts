// @portico/core, the send form (issue 4). Explicit named re-exports, re-exported by index.ts.
export { sendTokens, type SendTokensReturnType, type SendTokensErrorType } from '../../actions/sendTokens.js'
export { setReceiver, type SetReceiverParameters, type SetReceiverReturnType, type SetReceiverErrorType } from '../../actions/setReceiver.js'
export { setSendToken, type SetSendTokenParameters, type SetSendTokenReturnType, type SetSendTokenErrorType } from '../../actions/setSendToken.js'
export { setSendAmount, type SetSendAmountParameters, type SetSendAmountReturnType, type SetSendAmountErrorType } from '../../actions/setSendAmount.js'
export { resetSend, type ResetSendReturnType, type ResetSendErrorType } from '../../actions/resetSend.js'
export { estimateSendFee, type EstimateSendFeeReturnType, type EstimateSendFeeErrorType } from '../../actions/estimateSendFee.js'
export { validateSend, isNativeToken, evmChainIdToCoinType, MAX_EVM_CHAIN_ID, type ValidateSendProblem } from '../../send/validateSend.js'
export { fetchFeeRates, type FetchFeeRatesReturnType, type FetchFeeRatesErrorType } from '../../actions/fetchFeeRates.js'
export { selectFeeSpeed, type SelectFeeSpeedParameters, type SelectFeeSpeedReturnType, type SelectFeeSpeedErrorType } from '../../actions/selectFeeSpeed.js'
export {
  FeeSpeeds,
  initialSendState,
  type FeeRates,
  type FeeSpeed,
  type ReceiverProblem,
  type SendFee,
  type SendState,
} from '../../stores/send.js'
export type { TransferParameters } from '../../adapter.js'
export { startSend, type StartSendParameters, type StartSendReturnType, type StartSendErrorType } from '../../actions/startSend.js'
export { typeReceiver, type TypeReceiverParameters, type TypeReceiverReturnType, type TypeReceiverErrorType } from '../../actions/typeReceiver.js'
export { getCurrentSendProblem, type GetCurrentSendProblemReturnType, type GetCurrentSendProblemErrorType } from '../../actions/getCurrentSendProblem.js'
export {
  getMaxSendAmount,
  getSendProblem,
  isInsufficientBalance,
  isSendInputError,
  sendAmountInUsd,
  SendFormText,
  type SendProblem,
  type SendProblemKind,
} from '../../send/sendForm.js'
export { SendViews } from '../../views.js'
