// @vitest-environment jsdom
import { createPortico, desktopEnvironment, initialize, memoryStorage, selectConnector, type Portico } from '@portico/core'
import { act } from 'react'
import { expect, test } from 'vitest'
import { devnet, fakeClock, ScriptedAdapter } from '../../../core/src/test/fakes.js'
import { renderWithPortico } from '../test/render.js'
import { Footer } from './Footer.js'

function render(portico: Portico) {
  return renderWithPortico(portico, <Footer />)
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
