// @portico/core, errors and the alert catalogue. Explicit named re-exports, re-exported by index.ts.
export { PorticoError, type PorticoErrorOptions } from '../errors/base.js'
export { catalogueMessage } from '../i18n/catalogueMessage.js'
export type { CatalogueMessage, Message } from '../i18n/message.js'
export {
  Alerts,
  ErrorText,
  ProviderErrorAlerts,
  ProviderErrorCode,
  ProviderErrorText,
  providerErrorAlert,
  type Alert,
  type AlertCode,
  type ErrorCategory,
} from '../spec/catalogue.js'
export {
  ConnectionRejectedError,
  ConnectorNotFoundError,
  InvalidConnectionStatusError,
  NamespaceNotConfiguredError,
  ProviderRequestError,
  SwitchNetworkError,
  UnauthorizedProviderError,
  UnrecognizedChainError,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from '../errors/connector.js'
export {
  ModalClosedError,
  PopupClosedError,
  RequestAbortedError,
  TermsNotAcceptedError,
  type ModalClosedErrorType,
  type PopupClosedErrorType,
  type RequestAbortedErrorType,
  type TermsNotAcceptedErrorType,
} from '../errors/flow.js'
export { InvalidOptionsError } from '../errors/options.js'
export { errorDisplayMessage, errorDisplayText } from '../errors/display.js'
export { ProviderRpcError, toProviderRpcError } from '../errors/provider.js'
export {
  BatchedCallsUnsupportedError,
  CallsRequestError,
  InvalidBatchedCallsError,
  type BatchedCallsUnsupportedErrorType,
  type CallsRequestErrorType,
  type InvalidBatchedCallsErrorType,
} from '../errors/calls.js'
export { RpcCallNotAllowedError } from '../errors/connector.js'
