import { errorMessage } from '../i18n/message.js'
import { PorticoError, type PorticoErrorOptions } from './base.js'

/** SPEC §8 'Modal closed': the modal closed during an email, pairing or requested connect. */
export class ModalClosedError extends PorticoError {
  override name = 'ModalClosedError'
  constructor(options: PorticoErrorOptions = {}) {
    super(errorMessage('modalClosed'), { category: 'WALLET_ERROR', ...options })
  }
}
export type ModalClosedErrorType = ModalClosedError & { name: 'ModalClosedError' }

/** SPEC §8 'Popup closed': the social popup or the Farcaster view was closed. */
export class PopupClosedError extends PorticoError {
  override name = 'PopupClosedError'
  constructor(options: PorticoErrorOptions = {}) {
    super(errorMessage('popupClosed'), { category: 'WALLET_ERROR', ...options })
  }
}
export type PopupClosedErrorType = PopupClosedError & { name: 'PopupClosedError' }

/**
 * SPEC §6/§8 'Request was aborted': the embedded wallet dropped a pending unsafe request (its
 * pending requests were rejected). A user rejection for the host: EIP-1193 4001.
 */
export class RequestAbortedError extends PorticoError {
  override name = 'RequestAbortedError'
  static code = 4001
  readonly code = 4001
  constructor(options: PorticoErrorOptions = {}) {
    super(errorMessage('requestAborted'), { category: 'WALLET_ERROR', ...options })
  }
}
export type RequestAbortedErrorType = RequestAbortedError & { name: 'RequestAbortedError' }

/**
 * SPEC §6 'legal checkbox': with the host's legalCheckbox feature on, a wallet is chosen only after
 * the visitor ticked the checkbox that accepts the terms and privacy policy.
 */
export class TermsNotAcceptedError extends PorticoError {
  override name = 'TermsNotAcceptedError'
  constructor(options: PorticoErrorOptions = {}) {
    super(errorMessage('termsNotAccepted'), { category: 'CONFIGURATION_ERROR', ...options })
  }
}
export type TermsNotAcceptedErrorType = TermsNotAcceptedError & { name: 'TermsNotAcceptedError' }
