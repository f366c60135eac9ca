import { expect, test } from 'vitest'
import { PorticoError } from './base.js'
import { Alerts } from '../spec/catalogue.js'
import { UserRejectedRequestError } from './connector.js'
import { errorDisplayText } from './display.js'
import { ModalClosedError, PopupClosedError, RequestAbortedError } from './flow.js'

test('PorticoError keeps short message, details, cause and category', () => {
  const cause = new UserRejectedRequestError()
  const error = new PorticoError('Connection rejected', { cause })
  expect(error.shortMessage).toBe('Connection rejected')
  expect(error.details).toBe('User rejected the request.')
  expect(error.category).toBe('INTERNAL_SDK_ERROR')
  expect(error.walk((e) => e instanceof UserRejectedRequestError)).toBe(cause)
})

test('rule: error display uses a string, else the first issue message, else the error message', () => {
  expect(errorDisplayText('plain')).toBe('plain')
  expect(errorDisplayText({ issues: [{ message: 'first' }, { message: 'second' }] })).toBe('first')
  expect(errorDisplayText(new Error('boom'))).toBe('boom')
  expect(errorDisplayText(null)).toBe('Unknown error')
})

test('alert codes carry the display messages of SPEC §8', () => {
  expect(Alerts.APKT002.message).toBe('Invalid App Configuration')
  expect(Alerts.APKTW002).toMatchObject({ message: 'Invalid Email Address', severity: 'warning' })
})

test('flow errors: typed classes with the catalogue texts of SPEC §8, told apart by class', () => {
  expect(new ModalClosedError()).toMatchObject({ name: 'ModalClosedError', shortMessage: 'Modal closed', category: 'WALLET_ERROR' })
  expect(new PopupClosedError()).toMatchObject({ name: 'PopupClosedError', shortMessage: 'Popup closed', category: 'WALLET_ERROR' })
  expect(new RequestAbortedError()).toMatchObject({ name: 'RequestAbortedError', shortMessage: 'Request was aborted', code: 4001 })
  // The class, never the text, says what happened: a PorticoError that only says 'Modal closed' is not one.
  expect(new PorticoError('Modal closed')).not.toBeInstanceOf(ModalClosedError)
})

test('behavior: every error carries a catalogue key and params; its shortMessage is that key in English', async () => {
  const { en } = await import('../i18n/messages/en.js')
  const { translate } = await import('../i18n/translate.js')
  const { errorMessage } = await import('../i18n/message.js')
  const connector = await import('./connector.js')
  const { InvalidOptionsError } = await import('./options.js')
  const { HttpRequestError } = await import('../api/http.js')
  const { CallsRequestError, InvalidBatchedCallsError } = await import('./calls.js')
  const errors: PorticoError[] = [
    new UserRejectedRequestError(),
    new connector.UnauthorizedProviderError(),
    new connector.UnsupportedMethodError(),
    new connector.RpcCallNotAllowedError(),
    new connector.UnrecognizedChainError(),
    new connector.ProviderRequestError(),
    new connector.ConnectionRejectedError(),
    new connector.ConnectorNotFoundError('injected'),
    new connector.SwitchNetworkError(),
    new connector.NamespaceNotConfiguredError(),
    new connector.InvalidConnectionStatusError('weird'),
    new InvalidOptionsError(['x']),
    new HttpRequestError(502, 'v1/x', undefined),
    new CallsRequestError(5740),
    new InvalidBatchedCallsError(),
    new ModalClosedError(),
    new PopupClosedError(),
    new RequestAbortedError(),
    new PorticoError(errorMessage('emailCooldown', 30)),
  ]
  for (const error of errors) {
    expect(error.key in en, error.name).toBe(true)
    expect(translate(en, error.key, error.params), error.name).toBe(error.shortMessage)
  }
  expect(new PorticoError(errorMessage('emailCooldown', 30))).toMatchObject({ key: 'error.emailCooldown', params: { 0: 30 } })
  // A text from outside keeps its words: it is shown as it came.
  expect(new PorticoError('execution reverted: custom')).toMatchObject({ key: 'error.external', params: { text: 'execution reverted: custom' } })
  expect(translate(en, 'error.external', { text: 'execution reverted: custom' })).toBe('execution reverted: custom')
})
