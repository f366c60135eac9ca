// Renders a view inside Portico's context for jsdom tests; unmounted after each test.
import type { Portico } from '@portico/core'
import { act, type ReactElement } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach } from 'vitest'
import { PorticoContext } from '../context.js'
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let unmount: (() => void) | undefined
afterEach(() => {
  unmount?.()
  unmount = undefined
})

/** Renders `element` with `portico` as the context, into a detached container it returns. */
export function renderWithPortico(portico: Portico, element: ReactElement): HTMLDivElement {
  const container = document.createElement('div')
  const root = createRoot(container)
  act(() => root.render(<PorticoContext.Provider value={portico}>{element}</PorticoContext.Provider>))
  unmount = () => act(() => root.unmount())
  return container
}
