// @vitest-environment jsdom
import { defineNetwork, type Portico, type SendState } from '@portico/core'
import { act } from 'react'
import { describe, expect, test } from 'vitest'
import { devnet, testPortico } from '../../../../core/src/test/fakes.js'
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
