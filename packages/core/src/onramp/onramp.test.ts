import { afterEach, describe, expect, test } from 'vitest'
import { startHttpServer } from '../test/httpServer.js'
import { testPortico } from '../test/fakes.js'
import { connectExternal } from '../actions/connectExternal.js'
import { initialize } from '../actions/initialize.js'
import { fetchOnrampOptions } from '../actions/fetchOnrampOptions.js'
import { getOnrampQuote } from '../actions/getOnrampQuote.js'
import { setPaymentAmount } from '../actions/setPaymentAmount.js'
import { onrampProviderLink } from '../actions/onrampProviderLink.js'
import { amountOutsideLimits } from './rules.js'

let close: (() => Promise<void>) | undefined
afterEach(() => close?.())

const usd = {
  id: 'USD',
  payment_method_limits: [
    { id: 'card', min: '10.00', max: '7500.00' },
    { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
  ],
}

async function setup(quote: { status?: number; json?: unknown } = { json: { purchaseAmount: { amount: '98.45', currency: 'USDC' } } }) {
  const server = await startHttpServer({
    'GET /v1/onramp/options': () => ({
      json: { paymentCurrencies: [usd], purchaseCurrencies: [{ id: 'usdc', symbol: 'USDC', name: 'USD Coin', networks: [] }] },
    }),
    'GET /v1/onramp/providers': () => ({
      json: {
        providers: [
          { label: 'Sandbox', name: 'sandbox', feeRange: '1-2%', url: 'http://127.0.0.1:9/sandbox/onramp', supportedChains: ['eip155'], publicKey: 'pk' },
        ],
      },
    }),
    'POST /v1/onramp/quote': () => quote,
  })
  close = server.close
  const t = testPortico({ apiUrl: server.url, projectId: 'portico-dev' })
  await initialize(t.portico)
  await connectExternal(t.portico, { connectorId: 'dev.portico.testwallet' })
  await fetchOnrampOptions(t.portico)
  return t
}

describe('SPEC §9 Onramp', () => {
  test('defaults: USDC to buy, USD to pay', async () => {
    const { portico } = await setup()
    expect(portico.stores.onramp.getState().purchaseCurrency?.symbol).toBe('USDC')
    expect(portico.stores.onramp.getState().paymentCurrency?.id).toBe('USD')
  })

  test('rule: card limits are 10.00 to 7500.00; ach_bank_account 10.00 to 25000.00', () => {
    expect(amountOutsideLimits(usd, '9.99')).toEqual({ kind: 'minimum', key: 'onramp.minimum', params: { amount: '10.00', currency: 'USD' } })
    expect(amountOutsideLimits(usd, '7500.00')).toBeUndefined()
    expect(amountOutsideLimits(usd, '7500.01')).toEqual({ kind: 'maximum', key: 'onramp.maximum', params: { amount: '7500.00', currency: 'USD' } })
    expect(amountOutsideLimits(usd, '25000', 'ach_bank_account')).toBeUndefined()
  })

  test('rule: the quote is read at purchaseAmount.amount, after the debounce', async () => {
    const { portico, clock } = await setup()
    setPaymentAmount(portico, { amount: '100' })
    expect(portico.stores.onramp.getState().quotesLoading).toBe(true)
    clock.advance(500)
    await new Promise((r) => setTimeout(r, 100))
    expect(portico.stores.onramp.getState()).toMatchObject({ purchaseAmount: '98.45', quotesLoading: false })
  })

  test('rule: a quote failure stores the error message and returns null', async () => {
    const { portico } = await setup({ status: 400, json: { error: 'Invalid request', reasons: [{ description: 'The card limit is 10.00 to 7500.00 USD' }] } })
    portico.stores.onramp.setState({ paymentAmount: '50' })
    expect(await getOnrampQuote(portico)).toBeNull()
    expect(portico.stores.onramp.getState().error).toEqual({ key: 'error.external', params: { text: 'The card limit is 10.00 to 7500.00 USD' } })
  })

  test('rule: the provider link adds publicKey, destinationCurrencyCode, walletAddress and externalCustomerId', async () => {
    const { portico } = await setup()
    const link = new URL(onrampProviderLink(portico, portico.stores.onramp.getState().providers[0]!))
    expect(Object.fromEntries(link.searchParams)).toEqual({
      publicKey: 'pk',
      destinationCurrencyCode: 'USDC',
      walletAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      externalCustomerId: 'portico-dev',
    })
  })
})
