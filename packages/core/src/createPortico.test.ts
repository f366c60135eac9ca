import { expect, test } from 'vitest'
import { testPortico } from './test/fakes.js'

test('behavior: subscribe calls the listener after a change of any store, until unsubscribed', () => {
  const { portico } = testPortico()
  let calls = 0
  const unsubscribe = portico.subscribe(() => calls++)
  portico.stores.modal.setState({ open: true })
  portico.stores.router.setState({ view: 'Account' })
  portico.stores.theme.setState({ themeMode: 'light' })
  expect(calls).toBe(3)
  unsubscribe()
  portico.stores.modal.setState({ open: false })
  expect(calls).toBe(3)
})
