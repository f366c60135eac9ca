import { describe, expect, test } from 'vitest'
import { UserRejectedRequestError } from '../errors/connector.js'
import { StorageKeys } from '../storage.js'
import { connectReadDone } from '../test/callsWallet.js'
import { ADDRESS, testPortico } from '../test/fakes.js'
import { connectExternal } from './connectExternal.js'
import { initialize } from './initialize.js'
import { openModal } from './openModal.js'

describe('connectExternal', () => {
  test('default: connects, stores the connector id per namespace and the recent wallet, closes the modal', async () => {
    const { portico, storage } = testPortico()
    await initialize(portico)
    openModal(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    expect(portico.stores.account.getState().byNamespace.eip155).toMatchObject({
      address: ADDRESS,
      caipAddress: `eip155:31337:${ADDRESS}`,
      status: 'connected',
    })
    expect(portico.stores.connections.getState()).toMatchObject({ status: 'connected', activeConnectorIds: { eip155: 'dev.portico.testwallet' } })
    expect(storage.getItem(StorageKeys.connectorId('eip155'))).toBe('"dev.portico.testwallet"')
    expect(portico.storage.getRecentWallets()[0]!.id).toBe('dev.portico.testwallet')
    expect(portico.stores.modal.getState().open).toBe(false)
  })

  test('behavior: the balance is read and kept exact', async () => {
    const { portico } = testPortico()
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    await connectReadDone(portico)
    expect(portico.stores.account.getState().byNamespace.eip155).toMatchObject({ balance: '1.23456789', balanceSymbol: 'ETH' })
  })

  test("error: a rejected request shows 'Connection rejected' on ConnectingExternal", async () => {
    const { portico, adapter } = testPortico()
    await initialize(portico)
    openModal(portico)
    adapter.connectResult = async () => {
      throw new UserRejectedRequestError()
    }
    await expect(connectExternal(portico, { connectorId: 'dev.portico.testwallet' })).rejects.toThrow('Connection rejected')
    expect(portico.stores.router.getState().view).toBe('ConnectingExternal')
    expect(portico.stores.connections.getState()).toMatchObject({ status: 'disconnected', connectError: { key: 'error.connectionRejected' } })
    expect(portico.stores.modal.getState().open).toBe(true)
  })

  test('behavior: retry after a rejection connects', async () => {
    const { portico, adapter } = testPortico()
    await initialize(portico)
    openModal(portico)
    const ok = adapter.connectResult
    adapter.connectResult = async () => {
      throw new UserRejectedRequestError()
    }
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' }).catch(() => {})
    adapter.connectResult = ok
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    expect(portico.stores.connections.getState()).toMatchObject({ status: 'connected', connectError: undefined })
  })

  test('error: an unknown connector', async () => {
    const { portico } = testPortico()
    await initialize(portico)
    await expect(connectExternal(portico, { connectorId: 'nope' })).rejects.toThrow('No connector found for connection: nope')
  })

  test('behavior: a wallet on an unconfigured chain marks the network unsupported', async () => {
    const { portico, adapter } = testPortico()
    await initialize(portico)
    const ok = adapter.connectResult
    adapter.connectResult = async () => ({ ...(await ok()), caipNetworkId: 'eip155:5' })
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    expect(portico.stores.network.getState().unsupported).toBe(true)
  })
})
