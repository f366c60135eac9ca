import { expect, test } from 'vitest'
import { toPorticoError } from './errors.js'

test('EIP-1193 codes map to typed errors, never by message text', () => {
  expect(toPorticoError({ code: 4001, message: 'whatever' }).name).toBe('UserRejectedRequestError')
  expect(toPorticoError({ code: 4100 }).name).toBe('UnauthorizedProviderError')
  expect(toPorticoError({ code: 4200 }).name).toBe('UnsupportedMethodError')
  expect(toPorticoError({ code: 4902 }).name).toBe('UnrecognizedChainError')
  expect(toPorticoError({ code: -32603, data: { originalError: { code: 4902 } } }).name).toBe('UnrecognizedChainError')
  expect(toPorticoError({ message: 'User rejected the request' }).name).toBe('ProviderRequestError')
})
