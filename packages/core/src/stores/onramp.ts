import { createStore } from 'zustand/vanilla'
import type { Message } from '../i18n/message.js'

export interface OnrampProvider {
  label: string
  name: string
  feeRange: string
  url: string
  supportedChains: string[]
  publicKey?: string
}
export interface PaymentCurrency {
  id: string
  payment_method_limits: Array<{ id: string; min: string; max: string }>
}
export interface PurchaseCurrency {
  id: string
  symbol: string
  name: string
  networks: Array<{ name: string; display_name: string; chain_id: string; contract_address: string }>
}

/** SPEC §3 'Onramp state'. */
export interface OnrampState {
  providers: OnrampProvider[]
  selectedProvider: OnrampProvider | undefined
  purchaseCurrency: PurchaseCurrency | undefined
  paymentCurrency: PaymentCurrency | undefined
  purchaseCurrencies: PurchaseCurrency[]
  paymentCurrencies: PaymentCurrency[]
  /** What the user typed, exactly. */
  paymentAmount: string | undefined
  purchaseAmount: string | undefined
  quotesLoading: boolean
  /** The options', the quote's or the amount's problem (its key and parameters). */
  error: Message | undefined
}

export function createOnrampStore() {
  return createStore<OnrampState>(() => ({
    providers: [],
    selectedProvider: undefined,
    purchaseCurrency: undefined,
    paymentCurrency: undefined,
    purchaseCurrencies: [],
    paymentCurrencies: [],
    paymentAmount: undefined,
    purchaseAmount: undefined,
    quotesLoading: false,
    error: undefined,
  }))
}
export type OnrampStore = ReturnType<typeof createOnrampStore>
