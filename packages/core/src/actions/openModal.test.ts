import { describe, expect, test } from 'vitest'
import { solanaDevnet, testPortico, ScriptedAdapter, devnet } from '../test/fakes.js'
import { connectExternal } from './connectExternal.js'
import { initialize } from './initialize.js'
import { openModal } from './openModal.js'
import { desktopEnvironment } from '../environment.js'

describe('SPEC §2 Opening rules, in this order', () => {
  test('rule 1: a namespace that differs from the active chain starts a network switch', () => {
    const { portico } = testPortico({ networks: [devnet, solanaDevnet], adapters: [new ScriptedAdapter(), new ScriptedAdapter('solana')] })
    openModal(portico, { namespace: 'solana' })
    expect(portico.stores.network.getState().activeNamespace).toBe('solana')
    expect(portico.stores.network.getState().caipNetwork?.caipNetworkId).toBe(solanaDevnet.caipNetworkId)
    expect(portico.storage.getActiveNamespace()).toBe('solana')
  })

  test('rule 2: no wallet adapters shows ConnectingWalletConnectBasic on desktop', () => {
    const { portico } = testPortico({ adapters: [] })
    openModal(portico, { view: 'Networks' })
    expect(portico.stores.router.getState().view).toBe('ConnectingWalletConnectBasic')
  })

  test('rule 2: no wallet adapters shows AllWallets on mobile', () => {
    const { portico } = testPortico({ adapters: [], environment: { ...desktopEnvironment, isMobile: () => true } })
    openModal(portico)
    expect(portico.stores.router.getState().view).toBe('AllWallets')
  })

  test('rule 2: manual pairing control wins over an explicit view', () => {
    const { portico } = testPortico({ manualWCControl: true })
    openModal(portico, { view: 'Networks' })
    expect(portico.stores.router.getState().view).toBe('ConnectingWalletConnectBasic')
  })

  test('rule 3: an explicit view is shown with its data', () => {
    const { portico } = testPortico()
    openModal(portico, { view: 'Networks', data: { caipNetworkId: 'eip155:31337' } })
    expect(portico.stores.router.getState()).toMatchObject({ view: 'Networks', data: { caipNetworkId: 'eip155:31337' } })
    expect(portico.stores.modal.getState().open).toBe(true)
  })

  test('rule 4: Connect when no address is connected', () => {
    const { portico } = testPortico()
    openModal(portico)
    expect(portico.stores.router.getState()).toMatchObject({ view: 'Connect', history: ['Connect'] })
  })

  test('rule 4: Account when an address is connected', async () => {
    const { portico } = testPortico()
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    openModal(portico)
    expect(portico.stores.router.getState()).toMatchObject({ view: 'Account', history: ['Account'] })
  })
})
