import { describe, expect, test } from 'vitest'
import { UserRejectedRequestError } from '../errors/connector.js'
import { devnet2, testPortico } from '../test/fakes.js'
import { connectExternal } from './connectExternal.js'
import { initialize } from './initialize.js'
import { openModal } from './openModal.js'
import { selectNetwork } from './selectNetwork.js'
import { switchNetwork } from './switchNetwork.js'

async function connected() {
  const t = testPortico()
  await initialize(t.portico)
  await connectExternal(t.portico, { connectorId: 'dev.portico.testwallet' })
  return t
}

describe('switchNetwork', () => {
  test('default: asks the wallet to switch and makes the network active', async () => {
    const { portico, adapter } = await connected()
    await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
    expect(adapter.calls).toContain('switch:eip155:31338')
    expect(portico.stores.network.getState().caipNetwork).toBe(devnet2)
    expect(portico.storage.getActiveCaipNetworkId()).toBe('eip155:31338')
    expect(portico.stores.account.getState().byNamespace.eip155?.caipAddress).toMatch(/^eip155:31338:/)
  })

  test('behavior: when disconnected, only the choice is remembered', async () => {
    const { portico, adapter } = testPortico()
    await initialize(portico)
    await switchNetwork(portico, { caipNetworkId: 'eip155:31338' })
    expect(adapter.calls).toEqual([])
    expect(portico.stores.network.getState().caipNetwork).toBe(devnet2)
  })

  test("error: a declined switch is kept for the view as 'Switch declined'", async () => {
    const { portico, adapter } = await connected()
    adapter.switchResult = async () => {
      throw new UserRejectedRequestError()
    }
    await expect(switchNetwork(portico, { caipNetworkId: 'eip155:31338' })).rejects.toThrow('Failed to switch network')
    expect(portico.stores.network.getState()).toMatchObject({ switching: false, switchError: { key: 'error.switchNetworkDeclined' } })
    expect(portico.stores.network.getState().caipNetwork?.caipNetworkId).toBe('eip155:31337')
  })

  test("error: an unknown network is 'Network Not Found' (APKT001)", async () => {
    const { portico } = await connected()
    await expect(switchNetwork(portico, { caipNetworkId: 'eip155:999' })).rejects.toMatchObject({ alertCode: 'APKT001' })
  })

  test('behavior: the wallet changing chain by itself updates the network', async () => {
    const { portico, adapter } = await connected()
    adapter.events.chainChanged('dev.portico.testwallet', 'eip155:31338')
    expect(portico.stores.network.getState().caipNetwork).toBe(devnet2)
  })
})

describe('selectNetwork', () => {
  test('default: Networks → SwitchNetwork → Account after the wallet switched', async () => {
    const { portico } = await connected()
    openModal(portico, { view: 'Networks' })
    await selectNetwork(portico, { caipNetworkId: 'eip155:31338' })
    expect(portico.stores.router.getState()).toMatchObject({ view: 'Account', history: ['Account'] })
  })

  test('error: a failed switch stays on SwitchNetwork and shakes', async () => {
    const { portico, adapter } = await connected()
    adapter.switchResult = async () => {
      throw new Error('nope')
    }
    openModal(portico, { view: 'Networks' })
    await selectNetwork(portico, { caipNetworkId: 'eip155:31338' })
    expect(portico.stores.router.getState().view).toBe('SwitchNetwork')
    expect(portico.stores.network.getState().switchError).toEqual({ key: 'error.switchNetworkFailed' })
    expect(portico.stores.modal.getState().shakeCount).toBe(1)
  })
})
