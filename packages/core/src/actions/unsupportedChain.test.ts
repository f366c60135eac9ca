import { describe, expect, test } from 'vitest'
import { testPortico } from '../test/fakes.js'
import { connectExternal } from './connectExternal.js'
import { initialize } from './initialize.js'
import { openModal } from './openModal.js'
import { isUnsupportedChainBlocked } from './isUnsupportedChainBlocked.js'

async function connectedOn(caipNetworkId: string, allowUnsupportedChain = false) {
  const t = testPortico({ allowUnsupportedChain })
  t.adapter.connectResult = async () => ({
    connectorId: 'dev.portico.testwallet',
    accounts: [{ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', type: 'eoa' }],
    caipNetworkId: caipNetworkId as `eip155:${number}`,
  })
  await initialize(t.portico)
  await connectExternal(t.portico, { connectorId: 'dev.portico.testwallet' })
  return t
}

describe('unsupported chain', () => {
  test('rule: a wallet on an unconfigured chain opens the unsupported-chain view instead of Account', async () => {
    const { portico } = await connectedOn('eip155:1')
    expect(isUnsupportedChainBlocked(portico)).toBe(true)
    openModal(portico)
    expect(portico.stores.router.getState().view).toBe('UnsupportedChain')
    openModal(portico, { view: 'Account' })
    expect(portico.stores.router.getState().view).toBe('UnsupportedChain')
  })

  test('rule: allowUnsupportedChain shows Account on an unconfigured chain', async () => {
    const { portico } = await connectedOn('eip155:1', true)
    openModal(portico)
    expect(portico.stores.router.getState().view).toBe('Account')
  })

  test('behavior: the open Account view follows the wallet onto and off an unsupported chain', async () => {
    const { portico, adapter } = await connectedOn('eip155:31337')
    openModal(portico)
    expect(portico.stores.router.getState().view).toBe('Account')
    adapter.events.chainChanged('dev.portico.testwallet', 'eip155:1')
    expect(portico.stores.router.getState()).toMatchObject({ view: 'UnsupportedChain', history: ['UnsupportedChain'] })
    adapter.events.chainChanged('dev.portico.testwallet', 'eip155:31338')
    expect(portico.stores.router.getState()).toMatchObject({ view: 'Account', history: ['Account'] })
  })
})
