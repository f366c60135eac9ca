// @vitest-environment jsdom
import type { AccountState, Portico } from '@portico/core'
import { act, type ComponentType } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, test } from 'vitest'
import { testPortico } from '../../../../core/src/test/fakes.js'
import { PorticoContext } from '../../context.js'
import OnRampProviders from '../OnRampProviders/OnRampProviders.js'
import SIWXSignMessage from './SIWXSignMessage.js'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let unmount: (() => void) | undefined
afterEach(() => unmount?.())

function render(portico: Portico, View: ComponentType) {
  const container = document.createElement('div')
  const root = createRoot(container)
  act(() =>
    root.render(
      <PorticoContext.Provider value={portico}>
        <View />
      </PorticoContext.Provider>,
    ),
  )
  unmount = () => act(() => root.unmount())
  return (testId: string) => container.querySelector(`[data-testid=${testId}]`) as HTMLElement | null
}

function connected() {
  const t = testPortico({ metadata: { name: 'Shop', description: 'A shop', url: 'https://shop.example', icons: [] } })
  t.portico.stores.account.setState({ byNamespace: { eip155: { address: ADDRESS } as AccountState } })
  return t
}

describe('SIWXSignMessage renders the sign-in state of core', () => {
  test("behavior: idle, signing ('Signing…', approve in wallet), then 'Error signing message'", () => {
    const { portico } = connected()
    const get = render(portico, SIWXSignMessage)
    expect(get('siwx-sign-message')!.textContent).toContain('Shop wants you to sign in')
    expect(get('siwx-account')!.textContent).toContain('0xf39F…2266')
    expect(get('siwx-sign')!.textContent).toBe('Sign')
    act(() => portico.stores.siwx.setState({ status: 'signing' }))
    expect(get('siwx-sign')!.textContent).toBe('Signing…')
    expect((get('siwx-sign') as HTMLButtonElement).disabled).toBe(true)
    expect(get('siwx-status')!.textContent).toBe('Approve the request in your wallet')
    act(() => portico.stores.siwx.setState({ status: 'error', error: { key: 'siwxText.errorSigning' } }))
    expect(get('siwx-status')!.textContent).toBe('Error signing message')
    expect(get('siwx-status')!.getAttribute('role')).toBe('alert')
    expect((get('siwx-sign') as HTMLButtonElement).disabled).toBe(false)
  })
})

describe('OnRampProviders renders the onramp state of core', () => {
  test('behavior: the amount as typed, the limits, the quote at purchaseAmount and the providers', () => {
    const { portico } = connected()
    act(() =>
      portico.stores.onramp.setState({
        paymentCurrency: { id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] },
        purchaseCurrency: { id: 'USDC', symbol: 'USDC', name: 'USD Coin', networks: [] },
        providers: [{ name: 'sandbox', label: 'Sandbox', feeRange: '1-2%', url: 'https://onramp.example', supportedChains: ['eip155'] }],
        paymentAmount: '25.50',
        purchaseAmount: '25.110000',
      }),
    )
    const get = render(portico, OnRampProviders)
    expect((get('onramp-amount') as HTMLInputElement).value).toBe('25.50')
    expect(get('onramp-limits')!.textContent).toBe('Limits: Card 10.00–7500.00 USD')
    expect(get('onramp-quote-amount')!.textContent).toBe('≈ 25.11 USDC')
    expect(get('onramp-provider-sandbox')!.textContent).toContain('Fees 1-2%')
    expect((get('onramp-provider-sandbox') as HTMLButtonElement).disabled).toBe(false)
    act(() =>
      portico.stores.onramp.setState({
        paymentAmount: '5',
        purchaseAmount: undefined,
        error: { key: 'onramp.minimum', params: { amount: '10.00', currency: 'USD' } },
      }),
    )
    expect(get('onramp-limits')!.textContent).toBe('The minimum is 10.00 USD')
    expect((get('onramp-provider-sandbox') as HTMLButtonElement).disabled).toBe(true)
  })
})
