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

test('behavior: subscribe(selector, listener) calls with the selection and the previous one only when it changes', () => {
  const { portico } = testPortico()
  const calls: unknown[] = []
  const unsubscribe = portico.subscribe(
    (p) => p.stores.modal.getState().open,
    (open, previous) => calls.push([open, previous]),
  )
  portico.stores.theme.setState({ themeMode: 'light' })
  portico.stores.modal.setState({ open: true })
  portico.stores.modal.setState({ open: true })
  unsubscribe()
  portico.stores.modal.setState({ open: false })
  expect(calls).toEqual([[true, false]])
})

test('behavior: subscribe(selector, listener, { equalityFn }) compares selections with equalityFn', () => {
  const { portico } = testPortico()
  const calls: unknown[] = []
  portico.subscribe(
    (p) => ({ view: p.stores.router.getState().view }),
    ({ view }) => calls.push(view),
    { equalityFn: (a, b) => a.view === b.view },
  )
  portico.stores.modal.setState({ open: true })
  portico.stores.router.setState({ view: 'Networks' })
  expect(calls).toEqual(['Networks'])
})
