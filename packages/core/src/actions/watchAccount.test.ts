import { describe, expect, test } from 'vitest'
import { ADDRESS, testPortico } from '../test/fakes.js'
import { closeModal } from './closeModal.js'
import { connectExternal } from './connectExternal.js'
import { disconnect } from './disconnect.js'
import { initialize } from './initialize.js'
import { requestConnection } from './requestConnection.js'
import { switchNetwork } from './switchNetwork.js'
import { watchAccount } from './watchAccount.js'
import { watchNetwork } from './watchNetwork.js'

describe('watchAccount / watchNetwork', () => {
  test('default: a host follows connect, chain switch and disconnect without React', async () => {
    const { portico } = testPortico()
    await initialize(portico)
    const accounts: unknown[] = []
    const networks: unknown[] = []
    const stopAccount = watchAccount(portico, { onChange: (a) => accounts.push([a.status, a.address, a.chainId, a.connectorId]) })
    const stopNetwork = watchNetwork(portico, { onChange: (n) => networks.push(n.caipNetworkId) })
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
    await disconnect(portico)
    stopAccount()
    stopNetwork()
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    expect(accounts).toEqual([
      ['connected', ADDRESS, 31337, 'dev.portico.testwallet'],
      ['connected', ADDRESS, 31338, 'dev.portico.testwallet'],
      ['disconnected', undefined, undefined, undefined],
    ])
    expect(networks).toEqual(['eip155:31338'])
  })
})

describe('requestConnection', () => {
  test('default: opens Connect and resolves with the account once the user connects', async () => {
    const { portico } = testPortico()
    await initialize(portico)
    const request = requestConnection(portico)
    expect(portico.stores.modal.getState().open).toBe(true)
    expect(portico.stores.router.getState().view).toBe('Connect')
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    expect(await request).toMatchObject({ address: ADDRESS, chainId: 31337, isConnected: true })
  })

  test("error: closing the modal first rejects with 'Modal closed'", async () => {
    const { portico } = testPortico()
    await initialize(portico)
    const request = requestConnection(portico)
    closeModal(portico)
    await expect(request).rejects.toThrow('Modal closed')
  })

  test('behavior: resolves at once when already connected, without opening the modal', async () => {
    const { portico } = testPortico()
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    await expect(requestConnection(portico)).resolves.toMatchObject({ address: ADDRESS })
    expect(portico.stores.modal.getState().open).toBe(false)
  })
})

describe('watchAccount / watchNetwork, deprecated positional form', () => {
  test('behavior: watchAccount(portico, onChange, { namespace }) and watchNetwork(portico, onChange) still follow', async () => {
    const { portico } = testPortico()
    await initialize(portico)
    const accounts: unknown[] = []
    const networks: unknown[] = []
    watchAccount(portico, (a) => accounts.push(a.chainId), { namespace: 'eip155' })
    watchNetwork(portico, (n) => networks.push(n.caipNetworkId))
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
    expect(accounts).toEqual([31337, 31338])
    expect(networks).toEqual(['eip155:31338'])
  })
})
