import type { Portico } from '../portico.js'
import type { PaymentCurrency } from '../stores/onramp.js'

export function setPaymentCurrency(portico: Portico, currency: PaymentCurrency) {
  portico.stores.onramp.setState({ paymentCurrency: currency, purchaseAmount: undefined })
}
