// @vitest-environment jsdom
import { createPortico, desktopEnvironment, memoryStorage, type Portico } from '@portico/core'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { devnet, fakeClock, ScriptedAdapter } from '../../../core/src/test/fakes.js'
import { PorticoContext } from '../context.js'
import { shallowEqual, usePorticoSelector } from './usePorticoSelector.js'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let unmount: (() => void) | undefined
afterEach(() => unmount?.())

const newPortico = () =>
  createPortico({
    adapters: [new ScriptedAdapter('eip155')],
    networks: [devnet],
    storage: memoryStorage(),
    clock: fakeClock(),
    environment: desktopEnvironment,
  })

function render(portico: Portico, Component: () => null) {
  const root = createRoot(document.createElement('div'))
  act(() =>
    root.render(
      <PorticoContext.Provider value={portico}>
        <Component />
      </PorticoContext.Provider>,
    ),
  )
  unmount = () => act(() => root.unmount())
}

test('behavior: re-renders when the selection changes, not when another store changes', () => {
  const portico = newPortico()
  const seen: string[] = []
  render(portico, () => {
    seen.push(usePorticoSelector((p) => p.stores.router.getState().view))
    return null
  })
  act(() => portico.stores.theme.setState({ themeMode: 'light' }))
  act(() => portico.stores.router.setState({ view: 'Networks' }))
  expect(seen).toEqual(['Connect', 'Networks'])
})

test('behavior: with shallowEqual, a selector that builds an object (with a filtered list) each time renders once per change', () => {
  const portico = newPortico()
  let renders = 0
  render(portico, () => {
    usePorticoSelector((p) => ({ open: p.stores.modal.getState().open, views: p.stores.router.getState().history.filter(Boolean) }), shallowEqual)
    renders++
    return null
  })
  act(() => portico.stores.theme.setState({ themeMode: 'light' }))
  act(() => portico.stores.modal.setState({ open: true }))
  expect(renders).toBe(2)
})

test('shallowEqual: one level, arrays by their items', () => {
  expect(shallowEqual({ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] })).toBe(true)
  expect(shallowEqual({ a: 1, b: [1, 2] }, { a: 1, b: [1, 3] })).toBe(false)
  expect(shallowEqual({ a: { x: 1 } }, { a: { x: 1 } })).toBe(false)
  expect(shallowEqual([1, 2], [1, 2])).toBe(true)
  expect(shallowEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false)
})
