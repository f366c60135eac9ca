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

test("rule: SPEC §8 provider error mapping — the table's texts carry their alert at the wallet boundary", () => {
  expect(toPorticoError({ code: -32000, message: 'Unauthorized: origin not allowed' }).alertCode).toBe('APKT002')
  expect(toPorticoError({ code: 4100, message: 'JWT validation error: JWT Token is not yet valid' }).alertCode).toBe('APKT006')
  expect(toPorticoError({ code: -32603, data: { originalError: { message: 'Unauthorized: invalid key' } } }).alertCode).toBe('APKT007')
  expect(toPorticoError({ code: 4001, message: 'User rejected' }).alertCode).toBeUndefined()
  // The text adds an alert; the error is still typed by its code.
  expect(toPorticoError({ code: 4001, message: 'Unauthorized: invalid key' }).name).toBe('UserRejectedRequestError')
})
