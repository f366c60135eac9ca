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
