import * as v from 'valibot'
import { HttpRequestError } from '../api/http.js'
import { Time } from '../spec/defaults.js'
import { errorDisplayText } from '../errors/display.js'
import { amountOutsideLimits, OnrampDefaults } from '../onramp/rules.js'
import { QuoteSchema } from '../onramp/schemas.js'
import type { Portico } from '../portico.js'

/**
 * The amount typed on OnRampProviders: after the default debounce, a quote read at
 * purchaseAmount.amount. SPEC §8: a quote failure stores the error message and returns null.
 */
export function setPaymentAmount(portico: Portico, amount: string) {
  const { onramp } = portico.stores
  onramp.setState({ paymentAmount: amount, error: undefined })
  const pending = portico.timers.get('onrampQuote')
  if (pending !== undefined) portico.clock.clearTimeout(pending)
  const outside = amount ? amountOutsideLimits(onramp.getState().paymentCurrency, amount) : undefined
  if (!amount || outside) {
    onramp.setState({ purchaseAmount: undefined, quotesLoading: false, error: outside })
    return
  }
  onramp.setState({ quotesLoading: true })
  portico.timers.set('onrampQuote', portico.clock.setTimeout(() => void getQuote(portico), Time.defaultDebounceMs))
}

export async function getQuote(portico: Portico): Promise<string | null> {
  const { onramp, network } = portico.stores
  portico.timers.delete('onrampQuote')
  const { paymentAmount, purchaseCurrency, paymentCurrency } = onramp.getState()
  const caipNetwork = network.getState().caipNetwork
  if (!portico.api || !paymentAmount) return null
  onramp.setState({ quotesLoading: true })
  try {
    const json = await portico.api.post({
      path: 'v1/onramp/quote',
      body: {
        purchaseCurrency: purchaseCurrency?.id ?? OnrampDefaults.purchaseSymbol,
        paymentCurrency: paymentCurrency?.id ?? OnrampDefaults.paymentCurrency,
        amount: paymentAmount,
        network: caipNetwork?.caipNetworkId,
      },
    })
    const amount = v.parse(QuoteSchema, json).purchaseAmount.amount
    if (onramp.getState().paymentAmount !== paymentAmount) return null
    onramp.setState({ purchaseAmount: amount, quotesLoading: false })
    return amount
  } catch (error) {
    const message = error instanceof HttpRequestError ? (error.reason ?? error.shortMessage) : errorDisplayText(error)
    onramp.setState({ purchaseAmount: undefined, quotesLoading: false, error: message })
    return null
  }
}
