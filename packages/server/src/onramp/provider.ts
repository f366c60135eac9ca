import type { ChainNamespace } from '@portico/core/spec'

/** What every onramp provider offers; the server ships exactly one, the sandbox. */

/** SPEC §3 'Onramp provider' as listed to clients. */
export interface OnrampProviderInfo {
  name: string
  label: string
  /** e.g. '1-2%' (SPEC §9). */
  feeRange: string
  /** The provider page the client opens; the client adds the SPEC §7 link params. */
  url: string
  /** Chain namespaces. */
  supportedChains: string[]
  /** The value of the `publicKey` link param. */
  publicKey: string
}

export interface PaymentMethodLimit {
  id: string
  min: string
  max: string
}
export interface PaymentCurrency {
  id: string
  payment_method_limits: PaymentMethodLimit[]
}
export interface PurchaseNetwork {
  name: string
  display_name: string
  chain_id: string
  contract_address: string
}
export interface PurchaseCurrency {
  id: string
  symbol: string
  name: string
  networks: PurchaseNetwork[]
}
export interface OnrampOptions {
  paymentCurrencies: PaymentCurrency[]
  purchaseCurrencies: PurchaseCurrency[]
}

export interface Money {
  amount: string
  currency: string
}
export interface OnrampQuote {
  paymentTotal: Money
  paymentSubtotal: Money
  purchaseAmount: Money
  networkFee: Money
  providerFee: Money
  paymentMethod: string
  network: string
  provider: string
}
export interface QuoteInput {
  purchaseCurrency: string
  paymentCurrency: string
  amount: string | number
  network?: string
  paymentMethod?: string
}

/** A quote, or a client error with a description the client can show (SPEC §8). */
export type QuoteResult =
  | { ok: true; quote: OnrampQuote; network: PurchaseNetwork; purchaseUnits: bigint; decimals: number }
  | { ok: false; error: string; description: string }

export interface OnrampUrlInput {
  projectId: string
  walletAddress: string
  /** The wallet's chain family (its currency: chain/families.ts). */
  namespace: ChainNamespace
  amount?: string
}

export interface OnrampProvider {
  info(): OnrampProviderInfo
  options(country?: string): OnrampOptions
  quote(input: QuoteInput): QuoteResult
  /** The page a buyer opens (SPEC §7 'Onramp provider link'). */
  buildUrl(input: OnrampUrlInput): string
}
