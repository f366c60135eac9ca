import { expect, test } from 'vitest'
import { testPortico } from '../test/fakes.js'
import { SNACK_DURATION_MS, showSnack } from './showSnack.js'

test('rule: a new snack while one is open hides the old one, then shows after 150 ms', () => {
  const { portico, clock } = testPortico()
  showSnack(portico, { message: 'Copied', variant: 'success' })
  expect(portico.stores.snack.getState()).toMatchObject({ open: true, message: 'Copied' })
  showSnack(portico, { message: 'Failed', variant: 'error' })
  expect(portico.stores.snack.getState()).toMatchObject({ open: false, message: 'Copied' })
  clock.advance(149)
  expect(portico.stores.snack.getState().open).toBe(false)
  clock.advance(1)
  expect(portico.stores.snack.getState()).toMatchObject({ open: true, message: 'Failed', variant: 'error' })
})

test('behavior: snacks auto-close, loading snacks do not', () => {
  const { portico, clock } = testPortico()
  showSnack(portico, { message: 'Done', variant: 'success' })
  clock.advance(SNACK_DURATION_MS)
  expect(portico.stores.snack.getState().open).toBe(false)
  showSnack(portico, { message: 'Waiting', variant: 'loading' })
  clock.advance(SNACK_DURATION_MS * 10)
  expect(portico.stores.snack.getState()).toMatchObject({ open: true, autoClose: false })
})
