import { expect, test } from 'vitest'
import { push } from '../router.js'
import { testPortico } from '../test/fakes.js'
import { closeModal } from './closeModal.js'
import { connectExternal } from './connectExternal.js'
import { initialize } from './initialize.js'
import { openModal } from './openModal.js'

test('rule: closing resets to Connect and clears loading', () => {
  const { portico } = testPortico()
  openModal(portico, { view: 'Networks' })
  push(portico.stores.router, 'SwitchNetwork')
  portico.stores.modal.setState({ loading: true })
  closeModal(portico)
  expect(portico.stores.router.getState()).toMatchObject({ view: 'Connect', history: ['Connect'] })
  expect(portico.stores.modal.getState()).toMatchObject({ open: false, loading: false })
})

test('rule: in embedded mode closing shows Connect when disconnected', () => {
  const { portico } = testPortico({ embedded: true })
  openModal(portico, { view: 'Networks' })
  closeModal(portico)
  expect(portico.stores.router.getState().view).toBe('Connect')
  expect(portico.stores.modal.getState().open).toBe(true)
})

test('rule: in embedded mode closing shows Account when connected', async () => {
  const { portico } = testPortico({ embedded: true })
  await initialize(portico)
  await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
  openModal(portico, { view: 'Networks' })
  closeModal(portico)
  expect(portico.stores.router.getState().view).toBe('Account')
})
