import { afterEach, describe, expect, test } from 'vitest'
import { ADDRESS, testPortico } from '../test/fakes.js'
import { startHttpServer } from '../test/httpServer.js'
import { fetchIdentity } from './fetchIdentity.js'
import { getAccount } from '../stores/account.js'
import { setConnection } from './internal/setConnection.js'

let close: (() => Promise<void>) | undefined
afterEach(() => close?.())

describe('SPEC §3 Account state: profileName and profileImage', () => {
  test('rule: the identity comes from GET v1/identity/{address} and is cached for 5 minutes', async () => {
    let name = 'alice.portico.id'
    const server = await startHttpServer({ [`GET /v1/identity/${ADDRESS}`]: () => ({ json: { name, avatar: 'http://a/alice.png' } }) })
    close = server.close
    const { portico, clock } = testPortico({ apiUrl: server.url, projectId: 'p1' })
    setConnection(portico, 'eip155', { connectorId: 'w', accounts: [{ address: ADDRESS, type: 'eoa' }], caipNetworkId: 'eip155:31337' })
    await fetchIdentity(portico)
    expect(getAccount(portico)).toMatchObject({ profileName: 'alice.portico.id', profileImage: 'http://a/alice.png' })
    expect(server.requests[0]!.query.get('chainId')).toBe('eip155:31337')

    name = 'bob.portico.id'
    clock.advance(5 * 60_000 - 1)
    await fetchIdentity(portico)
    expect(getAccount(portico).profileName).toBe('alice.portico.id')
    clock.advance(1)
    await fetchIdentity(portico)
    expect(getAccount(portico).profileName).toBe('bob.portico.id')
    expect(server.requests).toHaveLength(2)
  })

  test('behavior: an address without a name keeps showing the address', async () => {
    const server = await startHttpServer({ [`GET /v1/identity/${ADDRESS}`]: () => ({ json: { name: null, avatar: null } }) })
    close = server.close
    const { portico } = testPortico({ apiUrl: server.url, projectId: 'p1' })
    setConnection(portico, 'eip155', { connectorId: 'w', accounts: [{ address: ADDRESS, type: 'eoa' }], caipNetworkId: 'eip155:31337' })
    await fetchIdentity(portico)
    expect(getAccount(portico)).toMatchObject({ profileName: undefined, profileImage: undefined })
  })
})
