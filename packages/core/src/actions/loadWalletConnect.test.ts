import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startHttpServer } from '../test/httpServer.js'
import { testPortico } from '../test/fakes.js'
import type { WalletConnectClient } from '../walletconnectClient.js'
import { loadWalletConnect } from './loadWalletConnect.js'

let server: Awaited<ReturnType<typeof startHttpServer>>
beforeAll(async () => {
  server = await startHttpServer({ 'GET /getWallets': () => ({ json: { data: [], count: 0 } }) })
})
afterAll(() => server.close())

const client = (clientId: string | undefined) =>
  ({
    connect: async () => ({ namespaces: ['eip155'], peer: { name: 'w' } }),
    restore: async () => null,
    disconnect: async () => {},
    providerFor: () => undefined,
    onSessionEnd: () => () => {},
    clientId: async () => clientId,
  }) satisfies WalletConnectClient

describe("SPEC §7 'Generic HTTP helper'", () => {
  test('rule: a client id is appended when set (the WalletConnect client’s, once it has loaded)', async () => {
    const { portico } = testPortico({ apiUrl: server.url, projectId: 'p', walletConnect: { load: async () => client('did:key:z6Mk-test') } })
    await portico.api!.get({ path: 'getWallets' })
    expect(server.requests.at(-1)!.query.has('clientId')).toBe(false)
    await loadWalletConnect(portico)
    await new Promise((r) => setTimeout(r, 0))
    await portico.api!.get({ path: 'getWallets' })
    const query = server.requests.at(-1)!.query
    expect(Object.fromEntries(query)).toMatchObject({ projectId: 'p', st: 'portico', sv: '4.0.0', clientId: 'did:key:z6Mk-test' })
  })
})
