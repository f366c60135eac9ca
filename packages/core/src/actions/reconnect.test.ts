import { describe, expect, test } from 'vitest'
import { memoryStorage } from '../environment.js'
import { ADDRESS, testPortico } from '../test/fakes.js'
import { connectExternal } from './connectExternal.js'
import { disconnect } from './disconnect.js'
import { initialize } from './initialize.js'

describe('reconnect (SPEC §3 connector id per namespace; enableReconnect)', () => {
  test('default: a reload reconnects silently to the last wallet', async () => {
    const storage = memoryStorage()
    const first = testPortico({ storage })
    await initialize(first.portico)
    await connectExternal(first.portico, { connectorId: 'dev.portico.testwallet' })

    const second = testPortico({ storage })
    await initialize(second.portico)
    expect(second.adapter.calls).toEqual(['reconnect:dev.portico.testwallet'])
    expect(second.portico.stores.account.getState().byNamespace.eip155?.address).toBe(ADDRESS)
    expect(second.portico.stores.connections.getState().status).toBe('connected')
  })

  test('behavior: a disconnected wallet is not reconnected', async () => {
    const storage = memoryStorage()
    const first = testPortico({ storage })
    await initialize(first.portico)
    await connectExternal(first.portico, { connectorId: 'dev.portico.testwallet' })
    await disconnect(first.portico)

    const second = testPortico({ storage })
    await initialize(second.portico)
    expect(second.adapter.calls).toEqual([])
    expect(second.portico.stores.connections.getState().status).toBe('disconnected')
  })

  test('behavior: enableReconnect false never reconnects', async () => {
    const storage = memoryStorage()
    const first = testPortico({ storage })
    await initialize(first.portico)
    await connectExternal(first.portico, { connectorId: 'dev.portico.testwallet' })
    const second = testPortico({ storage, enableReconnect: false })
    await initialize(second.portico)
    expect(second.adapter.calls).toEqual([])
  })

  test('behavior: a wallet that no longer authorizes the page is forgotten', async () => {
    const storage = memoryStorage()
    const first = testPortico({ storage })
    await initialize(first.portico)
    await connectExternal(first.portico, { connectorId: 'dev.portico.testwallet' })
    const second = testPortico({ storage })
    second.adapter.reconnectResult = async () => null
    await initialize(second.portico)
    expect(second.portico.stores.connections.getState().status).toBe('disconnected')
    expect(second.portico.storage.getConnectorId('eip155')).toBeNull()
  })
})

describe('disconnect', () => {
  test('default: clears the connection and the account, closes the modal', async () => {
    const { portico, adapter } = testPortico()
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    await disconnect(portico)
    expect(adapter.calls).toContain('disconnect:dev.portico.testwallet')
    expect(portico.stores.account.getState().byNamespace.eip155).toMatchObject({ address: undefined, status: 'disconnected' })
    expect(portico.stores.connections.getState()).toMatchObject({ status: 'disconnected', activeConnectorIds: {}, connections: { eip155: [] } })
  })

  test("error: a failing adapter gives 'Failed to disconnect'", async () => {
    const { portico, adapter } = testPortico()
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    adapter.disconnect = async () => {
      throw new Error('wallet crashed')
    }
    await expect(disconnect(portico)).rejects.toMatchObject({ shortMessage: 'Failed to disconnect', category: 'INTERNAL_SDK_ERROR' })
  })

  test('behavior: the wallet disconnecting by itself clears the account', async () => {
    const { portico, adapter } = testPortico()
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    adapter.events.accountsChanged('dev.portico.testwallet', [])
    expect(portico.stores.connections.getState().status).toBe('disconnected')
  })
})
