// @vitest-environment jsdom
import { createPortico, desktopEnvironment, fetchProjectConfig, initialize, memoryStorage, selectConnector, type Portico } from '@portico/core'
import { act } from 'react'
import { describe, expect, test } from 'vitest'
import { devnet, fakeClock, ScriptedAdapter } from '../../../core/src/test/fakes.js'
import { renderWithPortico } from '../test/render.js'
import { PORTICO_PROJECT_URL } from './Branding.js'
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
  await expect(selectConnector(portico, { connectorId: 'dev.portico.testwallet' })).rejects.toMatchObject({ name: 'TermsNotAcceptedError' })
  act(() => checkbox.click())
  expect(portico.stores.modal.getState().legalAccepted).toBe(true)
  await selectConnector(portico, { connectorId: 'dev.portico.testwallet' })
  expect(portico.stores.account.getState().byNamespace.eip155?.address).toBeDefined()
})

test('behavior: without legalCheckbox the legal footer is a sentence, no checkbox', () => {
  const footer = render(newPortico(false))
  expect(footer.querySelector('[data-testid=legal-footer]')).not.toBeNull()
  expect(footer.querySelector('[data-testid=legal-checkbox]')).toBeNull()
})

describe("SPEC §9 remote feature 'branding'", () => {
  // The project's remote config as the server sends it (appkit/v1/config); the fetch is faked, the parsing is core's.
  const projectPortico = (features: Array<{ id: string; isEnabled: boolean }>) =>
    createPortico({
      adapters: [new ScriptedAdapter('eip155')],
      networks: [devnet],
      storage: memoryStorage(),
      clock: fakeClock(),
      projectId: 'portico-dev',
      apiUrl: 'http://portico.test',
      environment: {
        ...desktopEnvironment,
        fetch: async (input) => (String(input).includes('appkit/v1/config') ? Response.json({ features }) : Response.json({ isAnalyticsEnabled: false })),
      },
    })

  test("rule: branding on (default) — a small 'Portico' mark at the bottom of the modal links to the project", () => {
    const footer = render(newPortico(false))
    const mark = footer.querySelector('[data-testid=portico-branding]')!
    expect(mark.textContent).toBe('Powered by Portico')
    expect(mark.querySelector('a')?.getAttribute('href')).toBe(PORTICO_PROJECT_URL)
    expect(mark.querySelector('a')?.getAttribute('rel')).toContain('noopener')
  })

  test("rule: the project's remote config turning branding off hides the mark", async () => {
    const portico = projectPortico([{ id: 'branding', isEnabled: false }])
    const footer = render(portico)
    expect(footer.querySelector('[data-testid=portico-branding]')).not.toBeNull()
    await act(() => fetchProjectConfig(portico))
    expect(portico.stores.project.getState().remoteFeatures.branding).toBe(false)
    expect(footer.querySelector('[data-testid=portico-branding]')).toBeNull()
  })

  test('behavior: a project config that leaves branding on keeps the mark', async () => {
    const portico = projectPortico([{ id: 'activity', isEnabled: false }])
    const footer = render(portico)
    await act(() => fetchProjectConfig(portico))
    expect(footer.querySelector('[data-testid=portico-branding]')).not.toBeNull()
  })
})
