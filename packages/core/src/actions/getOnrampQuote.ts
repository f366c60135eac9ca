import * as v from 'valibot'
import { HttpRequestError } from '../api/http.js'
import { errorKeyOf } from '../errors/display.js'
import { externalMessage, keyOf } from '../i18n/message.js'
import { OnrampDefaults } from '../onramp/rules.js'
import { QuoteSchema } from '../onramp/schemas.js'
import type { Portico } from '../portico.js'

export type GetOnrampQuoteReturnType = string | null
/** Never rejects: SPEC §8, a failure is stored in `onramp.error` and the quote is null. */
export type GetOnrampQuoteErrorType = never

/**
 * The quote for the amount typed on OnRampProviders: the purchase amount the server's
 * /v1/onramp/quote gives for it, stored as `purchaseAmount`. A reply for an amount no longer
 * typed is dropped (null).
 */
export async function getOnrampQuote(portico: Portico): Promise<GetOnrampQuoteReturnType> {
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
    // The server's reason (its own text) says why it gave no quote; else what the error was.
    const message = error instanceof HttpRequestError && error.reason ? keyOf(externalMessage(error.reason)) : errorKeyOf(error)
    onramp.setState({ purchaseAmount: undefined, quotesLoading: false, error: message })
    return null
  }
}
