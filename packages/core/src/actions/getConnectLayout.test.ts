import { describe, expect, test } from 'vitest'
import { TermsNotAcceptedError } from '../errors/flow.js'
import { embeddedTestPortico } from '../test/fakeEmbedded.js'
import { testPortico } from '../test/fakes.js'
import { getConnectLayout } from './getConnectLayout.js'
import { initialize } from './initialize.js'
import { selectConnector } from './selectConnector.js'
import { setLegalAccepted } from './setLegalAccepted.js'

const legal = { features: { legalCheckbox: true }, termsConditionsUrl: 'https://example.com/terms' }

describe("SPEC §6 'legal checkbox'", () => {
  test('rule: with legalCheckbox on, the wallet list is locked until the checkbox is ticked', async () => {
    const { portico, adapter } = testPortico(legal)
    await initialize(portico)
    expect(getConnectLayout(portico)).toMatchObject({ legalCheckbox: true, walletsLocked: true })
    // The checkbox shows where wallets are listed (the legal footer's onramp views have none).
    portico.stores.router.setState({ view: 'OnRampProviders' })
    expect(getConnectLayout(portico).legalCheckbox).toBe(false)
    portico.stores.router.setState({ view: 'Connect' })
    await expect(selectConnector(portico, { connectorId: 'dev.portico.testwallet' })).rejects.toBeInstanceOf(TermsNotAcceptedError)
    expect(adapter.calls.filter((c) => c.startsWith('connect'))).toEqual([])
    expect(portico.stores.account.getState().byNamespace.eip155?.address).toBeUndefined()

    setLegalAccepted(portico, { accepted: true })
    expect(getConnectLayout(portico).walletsLocked).toBe(false)
    await selectConnector(portico, { connectorId: 'dev.portico.testwallet' })
    expect(portico.stores.account.getState().byNamespace.eip155?.address).toBeDefined()
  })

  test('rule: with legalCheckbox off (SPEC §9 default) there is no checkbox and nothing is locked', async () => {
    const { portico } = testPortico()
    await initialize(portico)
    expect(getConnectLayout(portico)).toMatchObject({ legalCheckbox: false, walletsLocked: false })
    await selectConnector(portico, { connectorId: 'dev.portico.testwallet' })
    expect(portico.stores.account.getState().byNamespace.eip155?.address).toBeDefined()
  })
})

describe("SPEC §6 'collapse wallets' and §9 emailShowWallets", () => {
  test('rule: collapseWallets puts the wallets behind one entry when email or social login is offered', () => {
    expect(getConnectLayout(embeddedTestPortico({ features: { collapseWallets: true } }).portico).collapseWallets).toBe(true)
    expect(getConnectLayout(embeddedTestPortico().portico).collapseWallets).toBe(false)
  })
  test('rule: emailShowWallets off collapses the wallets too', () => {
    expect(getConnectLayout(embeddedTestPortico({ features: { emailShowWallets: false } }).portico).collapseWallets).toBe(true)
  })
  test('rule: without email or social login the wallets are never collapsed (they are the only method)', () => {
    expect(getConnectLayout(testPortico({ features: { collapseWallets: true, emailShowWallets: false } }).portico).collapseWallets).toBe(false)
  })
})
