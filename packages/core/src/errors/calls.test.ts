import { expect, test } from 'vitest'
import { ErrorText } from '../spec/catalogue.js'
import { BatchedCallsUnsupportedError, CallsRequestError, getCallsError, InvalidBatchedCallsError } from './calls.js'
import { UserRejectedRequestError } from './connector.js'

test('default: a wallet refusal becomes its typed error where it arrives, by code', () => {
  expect(getCallsError({ code: 4200, message: 'nope' }, 'wallet_sendCalls')).toBeInstanceOf(BatchedCallsUnsupportedError)
  expect(getCallsError({ code: -32601, message: 'Method not found' }, 'wallet_sendCalls')).toBeInstanceOf(BatchedCallsUnsupportedError)
  expect(getCallsError({ code: 4001, message: 'User rejected' }, 'wallet_sendCalls')).toBeInstanceOf(UserRejectedRequestError)
  const refused = getCallsError({ code: 5740, message: 'too large' }, 'wallet_sendCalls')
  expect(refused).toBeInstanceOf(CallsRequestError)
  expect((refused as CallsRequestError).key).toBe('error.callsBundleTooLarge')
})

test("behavior: Portico's wallets relay SPEC §5's batch check as -32602 with its text: the class owns that text", () => {
  const relayed = getCallsError({ code: -32602, message: ErrorText.invalidBatchedCalls }, 'wallet_sendCalls')
  expect(relayed).toBeInstanceOf(InvalidBatchedCallsError)
  expect((relayed as InvalidBatchedCallsError).key).toBe('error.invalidBatchedCalls')
  const other = { code: -32602, message: 'Invalid params' }
  expect(getCallsError(other, 'wallet_sendCalls')).toBe(other)
})
