import type { Portico } from '../portico.js'
import type { PurchaseCurrency } from '../stores/onramp.js'

export type SetPurchaseCurrencyParameters = PurchaseCurrency
export type SetPurchaseCurrencyReturnType = void
export type SetPurchaseCurrencyErrorType = never

/** The currency to buy (OnRampTokenSelect) or to pay with (OnRampFiatSelect); an earlier quote no longer applies. */
export function setPurchaseCurrency(portico: Portico, currency: SetPurchaseCurrencyParameters): SetPurchaseCurrencyReturnType {
  portico.stores.onramp.setState({ purchaseCurrency: currency, purchaseAmount: undefined })
}
