// @vitest-environment jsdom
import { initialize, setLegalAccepted, type Portico } from '@portico/core'
import { act } from 'react'
import { describe, expect, test } from 'vitest'
import { embeddedTestPortico } from '../../../../core/src/test/fakeEmbedded.js'
import { testPortico } from '../../../../core/src/test/fakes.js'
import { renderWithPortico } from '../../test/render.js'
import Connect from './Connect.js'

function render(portico: Portico) {
  return renderWithPortico(portico, <Connect />)
}

describe('Connect renders the legal checkbox and collapse rules (core getConnectLayout)', () => {
  test('rule: SPEC §6 legal checkbox — the wallet list is shown locked until the checkbox is ticked', async () => {
    const { portico } = testPortico({ features: { legalCheckbox: true }, termsConditionsUrl: 'https://example.com/terms' })
    await initialize(portico)
    const view = render(portico)
    const wallet = () => view.querySelector<HTMLButtonElement>('[data-testid="wallet-dev.portico.testwallet"]')!
    expect(wallet().getAttribute('aria-disabled')).toBe('true')
    act(() => wallet().click())
    await act(async () => {})
    expect(portico.stores.account.getState().byNamespace.eip155?.address).toBeUndefined()
    act(() => setLegalAccepted(portico, { accepted: true }))
    expect(wallet().getAttribute('aria-disabled')).toBeNull()
    await act(async () => wallet().click())
    expect(portico.stores.account.getState().byNamespace.eip155?.address).toBeDefined()
  })

  test('rule: SPEC §6 collapse wallets — beside email and social login the wallets are one entry that opens them alone', async () => {
    const { portico } = embeddedTestPortico({ features: { collapseWallets: true } })
    await initialize(portico)
    const view = render(portico)
    expect(view.querySelector('[data-testid="wallet-dev.portico.testwallet"]')).toBeNull()
    const entry = view.querySelector<HTMLButtonElement>('[data-testid=wallets-entry]')!
    expect(entry.textContent).toBe('Continue with Wallets')
    act(() => entry.click())
    expect(portico.stores.router.getState()).toMatchObject({ view: 'ConnectWallets', data: { walletsOnly: true } })
    // Opened from the entry: the wallets alone, no email form.
    expect(view.querySelector('[data-testid="wallet-dev.portico.testwallet"]')).not.toBeNull()
    expect(view.querySelector('input[type=email]')).toBeNull()
  })
})
