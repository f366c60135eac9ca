// @vitest-environment jsdom
import { connectExternal, initialize, type Portico, type TransferParameters } from '@portico/core'
import { en, loadMessages, localeDirection } from '@portico/core/i18n'
import { act } from 'react'
import { describe, expect, test } from 'vitest'
import { bitcoinRegtest, ScriptedAdapter, testPortico } from '../../../../core/src/test/fakes.js'
import { I18nContext } from '../../i18n/context.js'
import { renderWithPortico } from '../../test/render.js'
import WalletSendPreview from './WalletSendPreview.js'

const RECEIVER = 'bcrt1qcr8te4kr609gcawutmrza0j4xv80jy8zmfp6l0'
const btc = {
  name: 'Bitcoin',
  symbol: 'BTC',
  chainId: bitcoinRegtest.caipNetworkId,
  value: 600_000,
  price: 60_000,
  quantity: { decimals: '8', numeric: '10' },
  iconUrl: '',
}
const eth = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 3, price: 2000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' }

const settle = () => act(() => new Promise((r) => setTimeout(r, 0)))

/** A Bitcoin send filled in, on a fake adapter pricing each rate at 141 vB. */
async function bitcoinPreview() {
  const adapter = new ScriptedAdapter('bip122')
  adapter.connectResult = async () => ({
    connectorId: 'dev.portico.testwallet',
    accounts: [{ address: 'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk', type: 'payment' }],
    caipNetworkId: bitcoinRegtest.caipNetworkId,
  })
  adapter.getFeeRates = async () => ({ slow: 1, normal: 5, fast: 20 })
  adapter.estimateTransferFee = async (transfer: TransferParameters) => ({ value: String((transfer.feeRate ?? 2) * 141), decimals: 8, symbol: 'BTC' })
  const { portico } = testPortico({ adapters: [adapter], networks: [bitcoinRegtest] })
  await initialize(portico)
  await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
  portico.stores.send.setState({ token: btc, tokenBalances: [btc], sendTokenAmount: '0.1', receiverAddress: RECEIVER })
  return portico
}

function radios(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLButtonElement>('[role=radiogroup] [role=radio]')]
}

async function render(portico: Portico) {
  const container = renderWithPortico(portico, <WalletSendPreview />)
  await settle()
  await settle()
  return container
}

describe('WalletSendPreview: SPEC §5 network fee choice', () => {
  test('default: with fee rates, a radio group of slow, normal (checked) and fast, each with its sat/vB and fee in BTC and USD', async () => {
    const container = await render(await bitcoinPreview())
    const group = container.querySelector('[role=radiogroup]')!
    expect(group.getAttribute('aria-label')).toBe('Network fee speed')
    expect(radios(container).map((r) => [r.textContent, r.getAttribute('aria-checked'), r.tabIndex])).toEqual([
      ['Slow 1 sat/vB, ~0.00000141 BTC ($0.08)', 'false', -1],
      ['Normal 5 sat/vB, ~0.00000705 BTC ($0.42)', 'true', 0],
      ['Fast 20 sat/vB, ~0.00002820 BTC ($1.69)', 'false', -1],
    ])
    expect(container.querySelector('[data-testid=preview-fee]')?.textContent).toBe('~0.00000705 BTC ($0.42)')
  })

  test('behavior: arrow keys move to and choose the next speed (one tab stop); the fee follows; a click chooses too', async () => {
    const portico = await bitcoinPreview()
    const container = await render(portico)
    const key = (k: string) => act(() => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })))
    document.body.append(container)
    radios(container)[1]!.focus()
    key('ArrowDown')
    expect(portico.stores.send.getState().feeSpeed).toBe('fast')
    expect(document.activeElement).toBe(radios(container)[2])
    expect(radios(container).map((r) => r.tabIndex)).toEqual([-1, -1, 0])
    expect(container.querySelector('[data-testid=preview-fee]')?.textContent).toBe('~0.00002820 BTC ($1.69)')
    key('ArrowDown') // wraps around
    expect(portico.stores.send.getState().feeSpeed).toBe('slow')
    key('End')
    expect(portico.stores.send.getState().feeSpeed).toBe('fast')
    key('ArrowLeft')
    expect(portico.stores.send.getState().feeSpeed).toBe('normal')
    act(() => radios(container)[0]!.click())
    expect(portico.stores.send.getState().feeSpeed).toBe('slow')
    expect(radios(container)[0]!.getAttribute('aria-checked')).toBe('true')
    container.remove()
  })

  test('behavior: without fee rates (EVM) there is no choice, and the fee reads as before', async () => {
    const { portico, adapter } = testPortico()
    adapter.estimateTransferFee = async () => ({ value: '21000000000000', decimals: 18, symbol: 'ETH' })
    await initialize(portico)
    await connectExternal(portico, { connectorId: 'dev.portico.testwallet' })
    portico.stores.send.setState({ token: eth, tokenBalances: [eth], sendTokenAmount: '0.1', receiverAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
    const container = await render(portico)
    expect(container.querySelector('[role=radiogroup]')).toBeNull()
    expect(container.querySelector('[data-testid=preview-fee]')?.textContent).toBe('~0.000021 ETH ($0.04)')
  })

  test('behavior: the amount sent reads as typed, every decimal kept, in the user’s language', async () => {
    const portico = await bitcoinPreview()
    portico.stores.send.setState({ sendTokenAmount: '0.00000546' })
    expect((await render(portico)).querySelector('[data-testid=preview-amount]')?.textContent).toBe('0.00000546 BTC')
    const messages = await loadMessages({ locale: 'fr' })
    portico.stores.send.setState({ sendTokenAmount: '0.02' })
    const french = renderWithPortico(
      portico,
      <I18nContext.Provider value={{ locale: 'fr', dir: localeDirection('fr'), messages, fallback: en }}>
        <WalletSendPreview />
      </I18nContext.Provider>,
    )
    await settle()
    expect(french.querySelector('[data-testid=preview-amount]')?.textContent).toBe('0,02 BTC')
  })
})
