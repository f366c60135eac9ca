// @portico/core, buying crypto (onramp). Explicit named re-exports, re-exported by index.ts.
export { getOnrampPurchase, type OnrampPurchase } from '../../selectors/onrampSelectors.js'
export { fetchOnrampOptions, type FetchOnrampOptionsReturnType, type FetchOnrampOptionsErrorType } from '../../actions/fetchOnrampOptions.js'
export {
  setPurchaseCurrency,
  type SetPurchaseCurrencyReturnType,
  type SetPurchaseCurrencyErrorType,
  type SetPurchaseCurrencyParameters,
} from '../../actions/setPurchaseCurrency.js'
export {
  setPaymentCurrency,
  type SetPaymentCurrencyReturnType,
  type SetPaymentCurrencyErrorType,
  type SetPaymentCurrencyParameters,
} from '../../actions/setPaymentCurrency.js'
// getQuote is getOnrampQuote's earlier public name.
export { getOnrampQuote, getOnrampQuote as getQuote, type GetOnrampQuoteReturnType, type GetOnrampQuoteErrorType } from '../../actions/getOnrampQuote.js'
export {
  setPaymentAmount,
  type SetPaymentAmountParameters,
  type SetPaymentAmountReturnType,
  type SetPaymentAmountErrorType,
} from '../../actions/setPaymentAmount.js'
export { onrampProviderLink, type OnrampProviderLinkReturnType, type OnrampProviderLinkErrorType } from '../../actions/onrampProviderLink.js'
export {
  selectOnrampProvider,
  type SelectOnrampProviderReturnType,
  type SelectOnrampProviderErrorType,
} from '../../actions/selectOnrampProvider.js'
export { amountOutsideLimits, OnrampDefaults } from '../../onramp/rules.js'
export type { OnrampState, OnrampProvider, PaymentCurrency, PurchaseCurrency } from '../../stores/onramp.js'
