import { expect, test } from 'vitest'
import { testPortico } from '../test/fakes.js'
import { errorMessage } from '../i18n/message.js'
import { SNACK_DURATION_MS, showSnack } from './showSnack.js'

test('rule: a new snack while one is open hides the old one, then shows after 150 ms', () => {
  const { portico, clock } = testPortico()
  showSnack(portico, { message: { key: 'common.linkCopied' }, variant: 'success' })
  expect(portico.stores.snack.getState()).toMatchObject({ open: true, message: { key: 'common.linkCopied' } })
  showSnack(portico, { message: { key: 'common.copyFailed' }, variant: 'error' })
  expect(portico.stores.snack.getState()).toMatchObject({ open: false, message: { key: 'common.linkCopied' } })
  clock.advance(149)
  expect(portico.stores.snack.getState().open).toBe(false)
  clock.advance(1)
  expect(portico.stores.snack.getState()).toMatchObject({ open: true, message: { key: 'common.copyFailed' }, variant: 'error' })
})

test('behavior: snacks auto-close, loading snacks do not', () => {
  const { portico, clock } = testPortico()
  showSnack(portico, { message: errorMessage('transactionSent'), variant: 'success' })
  clock.advance(SNACK_DURATION_MS)
  expect(portico.stores.snack.getState().open).toBe(false)
  showSnack(portico, { message: errorMessage('transactionPending'), variant: 'loading' })
  clock.advance(SNACK_DURATION_MS * 10)
  expect(portico.stores.snack.getState()).toMatchObject({ open: true, autoClose: false })
})

test('behavior: the store keeps the key and parameters, never the English', () => {
  const { portico } = testPortico()
  showSnack(portico, { message: errorMessage('emailCooldown', 12), variant: 'error' })
  expect(portico.stores.snack.getState().message).toEqual({ key: 'error.emailCooldown', params: { 0: 12 } })
})

test('behavior: a string (deprecated) is the host’s own text, shown as it is', () => {
  const { portico } = testPortico()
  showSnack(portico, { message: 'Saved to your list', variant: 'success' })
  expect(portico.stores.snack.getState().message).toEqual({ key: 'error.external', params: { text: 'Saved to your list' } })
})
