// @vitest-environment node
import { expect, test } from 'vitest'
import {
  ExecutionRevertedError,
  FeeCapTooLowError,
  getNodeError,
  InsufficientFundsError,
  NonceTooHighError,
  NonceTooLowError,
  UnknownNodeError,
} from './node.js'

test('behavior: a node’s text is matched once, to its class; the node’s code and text are kept', () => {
  const cases = [
    [{ code: -32000, message: 'insufficient funds for gas * price + value: have 0 want 1' }, InsufficientFundsError],
    [{ code: -32003, message: 'Insufficient funds for gas * price + value' }, InsufficientFundsError],
    [{ code: -32000, message: 'nonce too low: next nonce 5, tx nonce 3' }, NonceTooLowError],
    [{ code: -32000, message: 'nonce too high' }, NonceTooHighError],
    [{ code: 3, message: 'execution reverted: ERC20: transfer amount exceeds balance', data: '0x08c379a0' }, ExecutionRevertedError],
    [{ code: -32000, message: 'max fee per gas less than block base fee' }, FeeCapTooLowError],
    [{ code: -32601, message: 'Method not found' }, UnknownNodeError],
  ] as const
  for (const [answer, type] of cases) {
    const error = getNodeError(answer)
    expect(error).toBeInstanceOf(type)
    expect({ code: error.code, message: error.message, name: error.name }).toEqual({ code: answer.code, message: answer.message, name: type.name })
  }
})

test('error: a malformed error object still becomes a typed error', () => {
  const error = getNodeError({ message: 42, code: 'x' })
  expect(error).toBeInstanceOf(UnknownNodeError)
  expect({ code: error.code, message: error.message }).toEqual({ code: -32603, message: 'The node refused the request' })
})
