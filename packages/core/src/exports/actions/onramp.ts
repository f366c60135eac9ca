// @portico/core, buying crypto (onramp). Explicit named re-exports, re-exported by index.ts.
export { getOnrampPurchase, type OnrampPurchase } from '../../selectors/onrampSelectors.js'
export { fetchOnrampOptions } from '../../actions/fetchOnrampOptions.js'
export { setPurchaseCurrency } from '../../actions/setPurchaseCurrency.js'
export { setPaymentCurrency } from '../../actions/setPaymentCurrency.js'
// getQuote is getOnrampQuote's earlier public name.
export { getOnrampQuote, getOnrampQuote as getQuote, type GetOnrampQuoteReturnType, type GetOnrampQuoteErrorType } from '../../actions/getOnrampQuote.js'
export {
  setPaymentAmount,
  type SetPaymentAmountParameters,
  type SetPaymentAmountReturnType,
  type SetPaymentAmountErrorType,
} from '../../actions/setPaymentAmount.js'
export { onrampProviderLink, selectOnrampProvider } from '../../actions/selectOnrampProvider.js'
export { amountOutsideLimits, OnrampDefaults } from '../../onramp/rules.js'
export type { OnrampState, OnrampProvider, PaymentCurrency, PurchaseCurrency } from '../../stores/onramp.js'
