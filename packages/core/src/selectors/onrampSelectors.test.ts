import { describe, expect, test } from 'vitest'
import { testPortico } from '../test/fakes.js'
import { getOnrampPurchase } from './onrampSelectors.js'

const provider = (name: string, supportedChains: string[]) => ({ label: name, name, feeRange: '1-2%', url: 'http://127.0.0.1:1', supportedChains })

describe('SPEC §2 OnRampProviders', () => {
  test('default: SPEC §9 USD and USDC until chosen; nothing typed is not a valid amount', () => {
    const { portico } = testPortico()
    expect(getOnrampPurchase(portico)).toEqual({ fiat: 'USD', token: 'USDC', providers: [], amountOk: false, limits: '' })
  })

  test('rule: only the providers that serve the active chain family are listed', () => {
    const { portico } = testPortico()
    portico.stores.onramp.setState({ providers: [provider('a', ['eip155']), provider('b', ['solana'])] })
    expect(getOnrampPurchase(portico).providers.map((p) => p.name)).toEqual(['a'])
  })

  test('rule: an amount above zero without an error may be bought; the limits by payment method', () => {
    const { portico } = testPortico()
    const paymentCurrency = {
      id: 'EUR',
      payment_method_limits: [
        { id: 'card', min: '10', max: '1000' },
        { id: 'sepa', min: '5', max: '50' },
      ],
    }
    portico.stores.onramp.setState({ paymentAmount: '25', paymentCurrency })
    expect(getOnrampPurchase(portico)).toMatchObject({ fiat: 'EUR', amountOk: true, limits: 'Card 10–1000 · sepa 5–50' })
    portico.stores.onramp.setState({ paymentAmount: '0' })
    expect(getOnrampPurchase(portico).amountOk).toBe(false)
    portico.stores.onramp.setState({ paymentAmount: '5000', error: { key: 'onramp.maximum', params: { amount: '1000', currency: 'EUR' } } })
    expect(getOnrampPurchase(portico).amountOk).toBe(false)
  })
})
