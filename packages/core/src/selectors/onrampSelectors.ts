// Selectors of the onramp store: what OnRampProviders shows, from the store and the active namespace.
import { OnrampDefaults } from '../onramp/rules.js'
import type { Portico } from '../portico.js'
import type { OnrampProvider } from '../stores/onramp.js'

const METHOD_LABELS: Record<string, string> = { card: 'Card', ach_bank_account: 'Bank account' }

export interface OnrampPurchase {
  /** The payment currency's id (SPEC §9 default USD). */
  fiat: string
  /** The purchase token's symbol (SPEC §9 default USDC). */
  token: string
  /** The providers that serve the active chain family. */
  providers: OnrampProvider[]
  /** An amount above zero is typed and within the limits: a provider may be chosen. */
  amountOk: boolean
  /** The payment methods' limits, e.g. 'Card 10–1000 · Bank account 10–5000' ('' when none). */
  limits: string
}

/** SPEC §2 OnRampProviders: the currencies with their defaults, the providers of the active namespace, the amount check. */
export function getOnrampPurchase(portico: Portico): OnrampPurchase {
  const { paymentCurrency, purchaseCurrency, paymentAmount = '', error, providers } = portico.stores.onramp.getState()
  const namespace = portico.stores.network.getState().activeNamespace
  return {
    fiat: paymentCurrency?.id ?? OnrampDefaults.paymentCurrency,
    token: purchaseCurrency?.symbol ?? OnrampDefaults.purchaseSymbol,
    providers: providers.filter((p) => p.supportedChains.includes(namespace)),
    amountOk: paymentAmount !== '' && Number(paymentAmount) > 0 && !error,
    limits: (paymentCurrency?.payment_method_limits ?? []).map((l) => `${METHOD_LABELS[l.id] ?? l.id} ${l.min}–${l.max}`).join(' · '),
  }
}
