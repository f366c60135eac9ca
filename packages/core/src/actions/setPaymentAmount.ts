import { Time } from '../spec/defaults.js'
import { amountOutsideLimits } from '../onramp/rules.js'
import type { Portico } from '../portico.js'
import { getOnrampQuote } from './getOnrampQuote.js'
import { keyOf } from '../i18n/message.js'

/** The amount as typed, in the payment currency. */
export interface SetPaymentAmountParameters {
  amount: string
}
export type SetPaymentAmountReturnType = void
export type SetPaymentAmountErrorType = never

/**
 * The amount typed on OnRampProviders: after the default debounce, a quote read at
 * purchaseAmount.amount. SPEC §8: a quote failure stores the error message and returns null.
 */
export function setPaymentAmount(portico: Portico, parameters: SetPaymentAmountParameters): SetPaymentAmountReturnType
/** @deprecated use `setPaymentAmount(portico, { amount })` */
export function setPaymentAmount(portico: Portico, amount: string): SetPaymentAmountReturnType
export function setPaymentAmount(portico: Portico, parameters: SetPaymentAmountParameters | string): SetPaymentAmountReturnType {
  const { amount } = typeof parameters === 'object' ? parameters : { amount: parameters }
  const { onramp } = portico.stores
  onramp.setState({ paymentAmount: amount, error: undefined })
  const pending = portico.timers.get('onrampQuote')
  if (pending !== undefined) portico.clock.clearTimeout(pending)
  const outside = amount ? amountOutsideLimits(onramp.getState().paymentCurrency, amount) : undefined
  if (!amount || outside) {
    onramp.setState({ purchaseAmount: undefined, quotesLoading: false, error: outside && keyOf(outside) })
    return
  }
  onramp.setState({ quotesLoading: true })
  portico.timers.set(
    'onrampQuote',
    portico.clock.setTimeout(() => void getOnrampQuote(portico), Time.defaultDebounceMs),
  )
}
