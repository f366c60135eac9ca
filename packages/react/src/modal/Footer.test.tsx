// @vitest-environment jsdom
import { createPortico, desktopEnvironment, initialize, memoryStorage, selectConnector, type Portico } from '@portico/core'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { devnet, fakeClock, ScriptedAdapter } from '../../../core/src/test/fakes.js'
import { PorticoContext } from '../context.js'
import { Footer } from './Footer.js'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let unmount: (() => void) | undefined
afterEach(() => unmount?.())

function render(portico: Portico) {
  const container = document.createElement('div')
  const root = createRoot(container)
  act(() =>
    root.render(
      <PorticoContext.Provider value={portico}>
        <Footer />
      </PorticoContext.Provider>,
    ),
  )
  unmount = () => act(() => root.unmount())
  return container
}

const newPortico = (legalCheckbox: boolean) =>
  createPortico({
    adapters: [new ScriptedAdapter('eip155')],
    networks: [devnet],
    storage: memoryStorage(),
    clock: fakeClock(),
    environment: desktopEnvironment,
    termsConditionsUrl: 'https://example.com/terms',
    features: { legalCheckbox },
  })

test('rule: SPEC §6 legal checkbox — the legal footer on Connect is a checkbox; ticking it unlocks the wallet list', async () => {
  const portico = newPortico(true)
  await initialize(portico)
  const footer = render(portico)
  const checkbox = footer.querySelector<HTMLInputElement>('[data-testid=legal-checkbox]')!
  expect(checkbox.checked).toBe(false)
  expect(checkbox.closest('label')?.textContent).toContain('Terms of Service')
  await expect(selectConnector(portico, 'dev.portico.testwallet')).rejects.toMatchObject({ name: 'TermsNotAcceptedError' })
  act(() => checkbox.click())
  expect(portico.stores.modal.getState().legalAccepted).toBe(true)
  await selectConnector(portico, 'dev.portico.testwallet')
  expect(portico.stores.account.getState().byNamespace.eip155?.address).toBeDefined()
})

test('behavior: without legalCheckbox the legal footer is a sentence, no checkbox', () => {
  const footer = render(newPortico(false))
  expect(footer.querySelector('[data-testid=legal-footer]')).not.toBeNull()
  expect(footer.querySelector('[data-testid=legal-checkbox]')).toBeNull()
})
