import { describe, expect, test, vi } from 'vitest'
import { push, reset } from '../router.js'
import { testPortico } from '../test/fakes.js'
import { connectExternal } from './connectExternal.js'
import { goBack } from './goBack.js'
import { initialize } from './initialize.js'
import { OnLeaveView } from './internal/leaveView.js'
import { openModal } from './openModal.js'

describe('SPEC §2 goBack', () => {
  test('rule: goBack pops one entry', () => {
    const { portico } = testPortico()
    openModal(portico)
    push(portico.stores.router, 'Networks')
    goBack(portico)
    expect(portico.stores.router.getState()).toMatchObject({ view: 'Connect', history: ['Connect'] })
  })

  test('rule: when connected and the previous view is Connect, goBack shows Account', async () => {
    const { portico } = testPortico()
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    openModal(portico, { view: 'Connect' })
    push(portico.stores.router, 'Networks')
    goBack(portico)
    expect(portico.stores.router.getState()).toMatchObject({ view: 'Account', history: ['Account'] })
  })

  test('rule: with a single entry goBack closes the modal', () => {
    const { portico } = testPortico()
    openModal(portico)
    goBack(portico)
    expect(portico.stores.modal.getState().open).toBe(false)
  })

  test('rule: the Farcaster back rule clears the URL and reloads the auth connector after 100 ms', () => {
    const { portico, clock } = testPortico()
    const reload = vi.fn()
    portico.auth = { reload }
    openModal(portico)
    push(portico.stores.router, 'ConnectingFarcaster')
    portico.stores.connections.setState({ farcasterUrl: 'https://farcaster.example/connect?channel=1' })
    goBack(portico)
    expect(portico.stores.connections.getState().farcasterUrl).toBeUndefined()
    expect(portico.stores.router.getState().view).toBe('Connect')
    clock.advance(99)
    expect(reload).not.toHaveBeenCalled()
    clock.advance(1)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  test('rule: the Farcaster back rule does not apply when connected', async () => {
    const { portico, clock } = testPortico()
    const reload = vi.fn()
    portico.auth = { reload }
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    reset(portico.stores.router, 'Account')
    push(portico.stores.router, 'ConnectingFarcaster')
    portico.stores.connections.setState({ farcasterUrl: 'u' })
    goBack(portico)
    clock.advance(1000)
    expect(reload).not.toHaveBeenCalled()
    expect(portico.stores.connections.getState().farcasterUrl).toBe('u')
  })

  test('behavior: the view left runs its on-leave action from one map, not goBack', () => {
    expect(Object.keys(OnLeaveView).sort()).toEqual(['ApproveTransaction', 'ConnectingFarcaster', 'EmbeddedFactor'])
    const { portico } = testPortico()
    const left = vi.fn()
    OnLeaveView.Networks = left
    try {
      openModal(portico)
      push(portico.stores.router, 'Networks')
      goBack(portico)
      expect(left).toHaveBeenCalledWith(portico)
    } finally {
      delete OnLeaveView.Networks
    }
  })
})
