// @vitest-environment jsdom
import { connectExternal, initialize, type Portico, type Transaction } from '@portico/core'
import { act } from 'react'
import { describe, expect, test } from 'vitest'
import { ADDRESS, bitcoinRegtest, ScriptedAdapter, testPortico } from '../../../../core/src/test/fakes.js'
import { renderWithPortico } from '../../test/render.js'
import WalletReceive from '../WalletReceive/WalletReceive.js'
import { ActivityRow } from './ActivityRow.js'
import { AddressTypeRow } from './AddressTypeRow.js'

const PAYMENT = 'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk'
const ORDINAL = 'bcrt1p8wpt9v4frpf3tkn0srd97pksgsxc5hs52lafxwru9kgeephvs7rqjeprhg'

const settle = () => act(() => new Promise((r) => setTimeout(r, 0)))

/** A Bitcoin wallet answering its payment address (index 0) and its ordinal address (index 1). */
async function bitcoinWallet() {
  const adapter = new ScriptedAdapter('bip122')
  const result = () => ({
    connectorId: 'dev.portico.testwallet',
    accounts: [
      { address: PAYMENT, type: 'payment' as const },
      { address: ORDINAL, type: 'ordinal' as const },
    ],
    caipNetworkId: bitcoinRegtest.caipNetworkId,
  })
  adapter.connectResult = async () => result()
  adapter.reconnectResult = async () => result()
  const { portico } = testPortico({ adapters: [adapter], networks: [bitcoinRegtest] })
  await initialize(portico)
  await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
  return portico
}

const radios = (container: HTMLElement) => [...container.querySelectorAll<HTMLButtonElement>('[role=radiogroup] [role=radio]')]
const address = (portico: Portico) => portico.stores.account.getState().byNamespace.bip122?.address

describe('Account: SPEC §3 Bitcoin account types', () => {
  test('default: the payment address is in use and shown as such; a click on Ordinals makes the ordinal address current', async () => {
    const portico = await bitcoinWallet()
    const container = renderWithPortico(portico, <AddressTypeRow />)
    expect(container.querySelector('[role=radiogroup]')?.getAttribute('aria-label')).toBe('Address type')
    expect(radios(container).map((r) => [r.textContent, r.getAttribute('aria-checked')])).toEqual([
      ['Payment', 'true'],
      ['Ordinals', 'false'],
    ])
    act(() => radios(container)[1]!.click())
    await settle()
    expect(address(portico)).toBe(ORDINAL)
    expect(radios(container).map((r) => r.getAttribute('aria-checked'))).toEqual(['false', 'true'])
  })

  test('behavior: the arrow keys switch the type from the keyboard', async () => {
    const portico = await bitcoinWallet()
    const container = renderWithPortico(portico, <AddressTypeRow />)
    document.body.append(container)
    radios(container)[0]!.focus()
    act(() => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })))
    await settle()
    expect(address(portico)).toBe(ORDINAL)
    expect(document.activeElement).toBe(radios(container)[1])
    container.remove()
  })

  test('behavior: a connection of one type (EVM) shows no switch', async () => {
    const { portico } = testPortico()
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    const container = renderWithPortico(portico, <AddressTypeRow />)
    expect(container.querySelector('[data-testid=address-type]')).toBeNull()
  })
})

describe('Receive: the payment address and its QR by default', () => {
  test('default: payment even while the ordinal address is in use; Ordinals shows the ordinal address', async () => {
    const portico = await bitcoinWallet()
    const container = renderWithPortico(portico, <WalletReceive />)
    const shown = () => container.querySelector('[data-testid=receive-address]')?.textContent
    expect(shown()).toBe(PAYMENT)
    expect(container.querySelector('[data-testid=receive-qr]')?.getAttribute('aria-label')).toContain(PAYMENT)
    act(() => radios(container)[1]!.click())
    expect(shown()).toBe(ORDINAL)
  })

  test('behavior: an EVM account shows its one address and no choice', async () => {
    const { portico } = testPortico()
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    const container = renderWithPortico(portico, <WalletReceive />)
    expect(container.querySelector('[data-testid=receive-address]')?.textContent).toBe(ADDRESS)
    expect(container.querySelector('[role=radiogroup]')).toBeNull()
  })
})

describe('Activity: the network fee of a transaction', () => {
  const item = (fee?: { numeric: string; symbol: string }): Transaction => ({
    id: 't',
    metadata: {
      minedAt: '2026-03-03T10:00:00Z',
      chain: bitcoinRegtest.caipNetworkId,
      operationType: 'send',
      status: 'confirmed',
      sentFrom: PAYMENT,
      sentTo: ORDINAL,
      ...(fee ? { fee } : {}),
    },
    transfers: [{ fungible_info: { symbol: 'BTC' }, direction: 'out', quantity: { numeric: '0.1' } }],
  })

  test('rule: shown when the server’s item carries it, not otherwise', async () => {
    const { portico } = testPortico()
    const withFee = renderWithPortico(portico, <ActivityRow transaction={item({ numeric: '0.00000141', symbol: 'BTC' })} address={PAYMENT} />)
    expect(withFee.querySelector('[data-testid=activity-fee]')?.textContent).toBe('Network fee 0.00000141 BTC')
    const without = renderWithPortico(portico, <ActivityRow transaction={item()} address={PAYMENT} />)
    expect(without.querySelector('[data-testid=activity-fee]')).toBeNull()
  })
})
