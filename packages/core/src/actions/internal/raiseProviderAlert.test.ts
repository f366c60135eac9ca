import { describe, expect, test } from 'vitest'
import { ConnectionRejectedError, ProviderRequestError } from '../../errors/connector.js'
import { providerErrorAlert } from '../../spec/catalogue.js'
import { testPortico } from '../../test/fakes.js'
import { connectExternal } from '../connectExternal.js'
import { initialize } from '../initialize.js'
import { openModal } from '../openModal.js'
import { raiseProviderAlert } from './raiseProviderAlert.js'

describe("SPEC §8 'Provider error mapping'", () => {
  test.each([
    ['Unauthorized: origin not allowed', 'APKT002'],
    ['JWT validation error: JWT Token is not yet valid', 'APKT006'],
    ['Relay refused: Unauthorized: invalid key', 'APKT007'],
    ['User rejected the request.', undefined],
    [undefined, undefined],
  ])('rule: the provider text %j maps to %s', (message, code) => {
    expect(providerErrorAlert(message)).toBe(code)
  })

  test('rule: an adapter-mapped alertCode, or a table text along the cause chain, raises the alert', () => {
    const { portico } = testPortico()
    expect(raiseProviderAlert(portico, new ProviderRequestError({ alertCode: 'APKT007' }))).toBe('APKT007')
    expect(portico.stores.project.getState().alert?.code).toBe('APKT007')
    const wrapped = new ConnectionRejectedError({ cause: new Error('JWT validation error: JWT Token is not yet valid') })
    expect(raiseProviderAlert(portico, wrapped)).toBe('APKT006')
    expect(portico.stores.project.getState().alert?.message).toBe('Session Expired')
    expect(raiseProviderAlert(portico, new Error('nope'))).toBeUndefined()
    expect(portico.stores.project.getState().alert?.code).toBe('APKT006')
  })

  test("rule: a wallet's connect refused with 'Unauthorized: origin not allowed' shows APKT002 and still fails as 'Connection rejected'", async () => {
    const { portico, adapter } = testPortico()
    await initialize(portico)
    openModal(portico)
    adapter.connectResult = async () => {
      throw Object.assign(new Error('Unauthorized: origin not allowed'), { code: -32000 })
    }
    await expect(connectExternal(portico, { connectorId: 'dev.portico.testwallet' })).rejects.toBeInstanceOf(ConnectionRejectedError)
    expect(portico.stores.project.getState().alert).toMatchObject({ code: 'APKT002', message: 'Invalid App Configuration' })
  })
})
