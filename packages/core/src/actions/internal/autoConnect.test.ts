import { describe, expect, test } from 'vitest'
import type { AdapterConnectResult } from '../../adapter.js'
import { memoryStorage } from '../../environment.js'
import { testPortico } from '../../test/fakes.js'
import { connectExternal } from '../connectExternal.js'
import { disconnect } from '../disconnect.js'
import { initialize } from '../initialize.js'

const SAFE = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'
const hosted: AdapterConnectResult = { connectorId: 'safe', accounts: [{ address: SAFE, type: 'eoa' }], caipNetworkId: 'eip155:31337' }

/** An adapter whose page a wallet host frames (the EVM adapter's Safe{Wallet} app frame). */
function framed(storage = memoryStorage(), result: AdapterConnectResult | null = hosted) {
  const t = testPortico({ storage })
  Object.assign(t.adapter, { autoConnect: async () => result })
  return t
}

describe('auto-connect: a page in a Safe{Wallet} app frame connects through the Safe messaging automatically', () => {
  test('default: initialize connects the host frame wallet without asking; it is stored like any connection', async () => {
    const { portico } = framed()
    await initialize(portico)
    expect(portico.stores.account.getState().byNamespace.eip155?.address).toBe(SAFE)
    expect(portico.stores.connections.getState()).toMatchObject({ status: 'connected', activeConnectorIds: { eip155: 'safe' } })
    expect(portico.storage.getConnectorId('eip155')).toBe('safe')
  })

  test('behavior: no host (autoConnect null) leaves the page disconnected', async () => {
    const { portico } = framed(memoryStorage(), null)
    await initialize(portico)
    expect(portico.stores.connections.getState().status).toBe('disconnected')
  })

  test('rule: a wallet that reconnected is not replaced by the host wallet', async () => {
    const storage = memoryStorage()
    const first = testPortico({ storage })
    await initialize(first.portico)
    await connectExternal(first.portico, { connectorId: 'dev.portico.testwallet' })
    const { portico } = framed(storage)
    await initialize(portico)
    expect(portico.stores.connections.getState().activeConnectorIds.eip155).toBe('dev.portico.testwallet')
  })

  test('rule: the host wallet the user disconnected stays disconnected after a reload', async () => {
    const storage = memoryStorage()
    const first = framed(storage)
    await initialize(first.portico)
    await disconnect(first.portico)
    const second = framed(storage)
    await initialize(second.portico)
    expect(second.portico.stores.connections.getState().status).toBe('disconnected')
  })
})
