// @vitest-environment node
import { expect, test } from 'vitest'
import { BundlerUnavailableError, getBundlerError, UserOperationFailedError } from './bundler.js'

test('behavior: an unreachable bundler and a refused UserOperation are told apart where the error arrives', () => {
  for (const text of ['fetch failed', 'HTTP 502', 'The bundler is unavailable', 'connect ECONNREFUSED 127.0.0.1:9'])
    expect(getBundlerError(Object.assign(new Error('x'), { details: text }))).toBeInstanceOf(BundlerUnavailableError)
  const refused = getBundlerError(new Error('AA21 didn’t pay prefund'))
  expect(refused).toBeInstanceOf(UserOperationFailedError)
  expect({ message: refused.message, details: refused.details }).toEqual({
    message: 'The UserOperation failed: AA21 didn’t pay prefund',
    details: 'AA21 didn’t pay prefund',
  })
})
