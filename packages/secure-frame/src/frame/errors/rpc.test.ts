// @vitest-environment node
import { expect, test } from 'vitest'
import * as errors from './rpc.js'

const { RpcError, UserRejectedRequestError, InvalidParamsRpcError } = errors

test('default: one class per code; the message is only a default', () => {
  const table = Object.entries(errors)
    .filter(([name, value]) => name !== 'RpcError' && typeof value === 'function' && value.prototype instanceof RpcError)
    .map(([name, value]) => {
      const error = new (value as typeof UserRejectedRequestError)()
      return `${name} ${error.code} ${error.name === name} ${error.message}`
    })
  expect(table).toMatchInlineSnapshot(`
    [
      "UserRejectedRequestError 4001 true User rejected the request",
      "UnauthorizedProviderError 4100 true Not signed in",
      "UnsupportedProviderMethodError 4200 true Requested RPC call is not allowed",
      "ProviderDisconnectedError 4900 true The embedded wallet is not connected to any chain",
      "ChainDisconnectedError 4901 true The embedded wallet is not connected to the requested chain",
      "InvalidParamsRpcError -32602 true Invalid parameters were provided to the RPC method",
      "InternalRpcError -32603 true An internal error was received",
      "UnsupportedNonOptionalCapabilityError 5700 true A capability the batch requires is not supported",
      "UnsupportedChainIdError 5710 true The batch is for another chain",
      "DuplicateIdError 5720 true A batch with this id was already sent",
      "UnknownBundleIdError 5730 true No batch with this id",
      "BundleTooLargeError 5740 true The batch has too many calls",
      "AtomicityNotSupportedError 5760 true Atomicity not supported: this account sends the calls one after another",
    ]
  `)
})

test('behavior: UserRejectedRequestError is known by its class and its literal code, whatever its text', () => {
  const aborted = new UserRejectedRequestError({ message: 'Request was aborted' })
  expect(aborted).toBeInstanceOf(RpcError)
  expect(UserRejectedRequestError.code).toBe(4001)
  const code: 4001 = aborted.code
  expect({ code, message: aborted.message, shortMessage: aborted.shortMessage }).toEqual({
    code: 4001,
    message: 'Request was aborted',
    shortMessage: 'Request was aborted',
  })
})

test('behavior: details and cause travel with the error, not in its message', () => {
  const cause = new Error('bad field')
  const error = new InvalidParamsRpcError({ message: 'Invalid typed data', details: 'bad field', cause })
  expect({ message: error.message, details: error.details, cause: error.cause }).toEqual({ message: 'Invalid typed data', details: 'bad field', cause })
})
