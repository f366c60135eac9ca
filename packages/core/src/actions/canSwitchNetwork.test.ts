import { describe, expect, test } from 'vitest'
import { testPortico } from '../test/fakes.js'
import { canSwitchNetwork } from './canSwitchNetwork.js'
import { connectExternal } from './connectExternal.js'
import { initialize } from './initialize.js'
import { openModal } from './openModal.js'

describe('SPEC §3 option enableNetworkSwitch', () => {
  test('rule: on by default, the Networks view opens', async () => {
    const { portico } = testPortico()
    expect(canSwitchNetwork(portico)).toBe(true)
    openModal(portico, { view: 'Networks' })
    expect(portico.stores.router.getState().view).toBe('Networks')
  })

  test('rule: enableNetworkSwitch off, the modal offers no network switch (a request for Networks shows Account)', async () => {
    const { portico } = testPortico({ enableNetworkSwitch: false })
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    expect(canSwitchNetwork(portico)).toBe(false)
    openModal(portico, { view: 'Networks' })
    expect(portico.stores.router.getState().view).toBe('Account')
  })

  test('rule: on an unsupported chain the switch stays even with enableNetworkSwitch off (the only way back)', () => {
    const { portico } = testPortico({ enableNetworkSwitch: false })
    portico.stores.network.setState({ unsupported: true })
    expect(canSwitchNetwork(portico)).toBe(true)
  })
})
