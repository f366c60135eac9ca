// @vitest-environment jsdom
import { defineNetwork, type Portico, type SendState } from '@portico/core'
import { en, loadMessages, localeDirection } from '@portico/core/i18n'
import { act } from 'react'
import { describe, expect, test } from 'vitest'
import { devnet, ScriptedAdapter, solanaDevnet, testPortico } from '../../../../core/src/test/fakes.js'
import { I18nContext } from '../../i18n/context.js'
import { renderWithPortico } from '../../test/render.js'
import WalletSend from './WalletSend.js'

const eth = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 3, price: 2, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' }
const usdc = { ...eth, name: 'USD Coin', symbol: 'USDC', address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3' }
const filled = { sendTokenAmount: '0.1', receiverAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }

function render(portico: Portico) {
  const container = renderWithPortico(portico, <WalletSend />)
  return () => container.querySelector('[data-testid=send-continue]') as HTMLButtonElement
}

describe('WalletSend shows SPEC §5 Send texts verbatim', () => {
  test("rule: every SPEC §5 'Send' validation text reaches the form", () => {
    const { portico, adapter } = testPortico()
    adapter.sendTransfer = async () => ({ hash: '0x1' })
    const button = render(portico)
    const set = (patch: Partial<SendState>) => act(() => portico.stores.send.setState(patch))

    expect(button().textContent).toBe('An amount and receiver address are required')
    expect(button().disabled).toBe(true)
    set(filled)
    expect(button().textContent).toBe('A token is required')
    set({ token: { ...usdc, address: undefined } })
    expect(button().textContent).toBe('tokenAddress is required')
    set({ token: eth })
    expect(button().textContent).toBe('Preview Send')
    expect(button().disabled).toBe(false)
    act(() => portico.stores.network.setState({ unsupported: true }))
    expect(button().textContent).toBe('Unsupported chain')
    act(() => portico.stores.network.setState({ unsupported: false, caipNetwork: defineNetwork({ ...devnet, id: 2147483648 }) }))
    expect(button().textContent).toBe('Invalid chainId')
    act(() => portico.stores.network.setState({ caipNetwork: devnet }))
    set({ sendTokenAmount: '2' })
    expect(button().textContent).toBe('Insufficient balance')
  })
})

describe('WalletSend shows the send problem by its key and decides on its kind', () => {
  test("behavior: in German, the receiver's problem and the rent-exempt minimum read in German; only the user's own mistakes look like errors", async () => {
    const solana = new ScriptedAdapter('solana')
    solana.sendTransfer = async () => ({ hash: 'sig' })
    const { portico } = testPortico({ networks: [solanaDevnet], adapters: [solana] })
    const messages = await loadMessages({ locale: 'de' })
    const sol = {
      name: 'Solana',
      symbol: 'SOL',
      chainId: solanaDevnet.caipNetworkId,
      value: 0,
      price: 0,
      quantity: { decimals: '9', numeric: '2' },
      iconUrl: '',
    }
    act(() => portico.stores.network.setState({ caipNetwork: solanaDevnet, activeNamespace: 'solana', unsupported: false }))
    const container = renderWithPortico(
      portico,
      <I18nContext.Provider value={{ locale: 'de', dir: localeDirection('de'), messages, fallback: en }}>
        <WalletSend />
      </I18nContext.Provider>,
    )
    const button = () => container.querySelector('[data-testid=send-continue]') as HTMLButtonElement
    const receiverError = () => container.querySelector('[data-testid=receiver-error]')?.textContent
    const set = (patch: Partial<SendState>) => act(() => portico.stores.send.setState(patch))

    set({ token: sol, sendTokenAmount: '1', receiverInput: 'nope', receiverError: { key: 'sendForm.invalidAddress', kind: 'invalidAddress' } })
    expect(receiverError()).toBe('Ungültige Adresse')
    expect(button().textContent).toBe('Ungültige Adresse')
    expect(button().className).toContain('problem-error')
    // The name service's own words are shown as they came, and are not the user's mistake.
    set({ receiverError: { key: 'error.external', kind: 'errorResolvingName', params: { text: 'Name service unavailable' } } })
    expect(receiverError()).toBe('Name service unavailable')
    expect(button().className).not.toContain('problem-error')
    set({ receiverError: undefined, receiverAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', receiverIsNew: true, sendTokenAmount: '0.0001' })
    expect(button().textContent).toBe('Ein neues Konto braucht mindestens 0.00089088 SOL')
    expect(button().className).toContain('problem-error')
    expect(button().disabled).toBe(true)
  })
})
