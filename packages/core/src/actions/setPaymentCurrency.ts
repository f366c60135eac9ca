import type { Portico } from '../portico.js'
import type { PaymentCurrency } from '../stores/onramp.js'

export type SetPaymentCurrencyParameters = PaymentCurrency
export type SetPaymentCurrencyReturnType = void
export type SetPaymentCurrencyErrorType = never

export function setPaymentCurrency(portico: Portico, currency: SetPaymentCurrencyParameters): SetPaymentCurrencyReturnType {
  portico.stores.onramp.setState({ paymentCurrency: currency, purchaseAmount: undefined })
}
