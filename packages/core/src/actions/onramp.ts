import * as v from 'valibot'
import { HttpRequestError } from '../api/http.js'
import { Time } from '../defaults.js'
import { errorDisplayText } from '../errors/display.js'
import type { Portico } from '../portico.js'
import type { OnrampProvider, PaymentCurrency, PurchaseCurrency } from '../stores/onramp.js'
import { getAccount } from './getters.js'

const Limit = v.object({ id: v.string(), min: v.string(), max: v.string() })
const OptionsSchema = v.object({
  paymentCurrencies: v.array(v.object({ id: v.string(), payment_method_limits: v.array(Limit) })),
  purchaseCurrencies: v.array(
    v.object({
      id: v.string(),
      symbol: v.string(),
      name: v.string(),
      networks: v.array(v.object({ name: v.string(), display_name: v.string(), chain_id: v.string(), contract_address: v.string() })),
    }),
  ),
})
const ProvidersSchema = v.object({
  providers: v.array(
    v.object({ label: v.string(), name: v.string(), feeRange: v.string(), url: v.string(), supportedChains: v.array(v.string()), publicKey: v.optional(v.string()) }),
  ),
})
const QuoteSchema = v.object({ purchaseAmount: v.object({ amount: v.string(), currency: v.string() }) })

/** SPEC §9 'Onramp': default purchase currency USDC, default payment currency USD, card limits. */
export const OnrampDefaults = { purchaseSymbol: 'USDC', paymentCurrency: 'USD', paymentMethod: 'card' } as const

/** Loads the providers and currencies (OnRampTokenSelect / OnRampFiatSelect). */
export async function fetchOnrampOptions(portico: Portico) {
  const { onramp } = portico.stores
  if (!portico.api) return
  try {
    const [options, providers] = await Promise.all([
      portico.api.get({ path: 'v1/onramp/options' }).then((json) => v.parse(OptionsSchema, json)),
      portico.api.get({ path: 'v1/onramp/providers' }).then((json) => v.parse(ProvidersSchema, json).providers),
    ])
    onramp.setState({
      providers,
      purchaseCurrencies: options.purchaseCurrencies,
      paymentCurrencies: options.paymentCurrencies,
      purchaseCurrency: onramp.getState().purchaseCurrency ?? options.purchaseCurrencies.find((c) => c.symbol === OnrampDefaults.purchaseSymbol),
      paymentCurrency: onramp.getState().paymentCurrency ?? options.paymentCurrencies.find((c) => c.id === OnrampDefaults.paymentCurrency),
      error: undefined,
    })
  } catch (error) {
    onramp.setState({ error: errorDisplayText(error) })
  }
}

export function setPurchaseCurrency(portico: Portico, currency: PurchaseCurrency) {
  portico.stores.onramp.setState({ purchaseCurrency: currency, purchaseAmount: undefined })
}
export function setPaymentCurrency(portico: Portico, currency: PaymentCurrency) {
  portico.stores.onramp.setState({ paymentCurrency: currency, purchaseAmount: undefined })
}

/** The per-method limits of SPEC §9 (card 10.00–7500.00, ach_bank_account 10.00–25000.00). */
export function amountOutsideLimits(currency: PaymentCurrency | undefined, amount: string, method: string = OnrampDefaults.paymentMethod): string | undefined {
  const limit = currency?.payment_method_limits.find((l) => l.id === method)
  const value = Number(amount)
  if (!limit || !Number.isFinite(value)) return undefined
  if (value < Number(limit.min)) return `The minimum is ${limit.min} ${currency!.id}`
  if (value > Number(limit.max)) return `The maximum is ${limit.max} ${currency!.id}`
  return undefined
}

/**
 * The amount typed on OnRampProviders: after the default debounce, a quote read at
 * purchaseAmount.amount. SPEC §8: a quote failure stores the error message and returns null.
 */
export function setPaymentAmount(portico: Portico, amount: string) {
  const { onramp } = portico.stores
  onramp.setState({ paymentAmount: amount, error: undefined })
  const pending = portico.timers.get('onrampQuote')
  if (pending !== undefined) portico.clock.clearTimeout(pending)
  const outside = amount ? amountOutsideLimits(onramp.getState().paymentCurrency, amount) : undefined
  if (!amount || outside) {
    onramp.setState({ purchaseAmount: undefined, quotesLoading: false, error: outside })
    return
  }
  onramp.setState({ quotesLoading: true })
  portico.timers.set('onrampQuote', portico.clock.setTimeout(() => void getQuote(portico), Time.defaultDebounceMs))
}

export async function getQuote(portico: Portico): Promise<string | null> {
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
    const message = error instanceof HttpRequestError ? (error.reason ?? error.shortMessage) : errorDisplayText(error)
    onramp.setState({ purchaseAmount: undefined, quotesLoading: false, error: message })
    return null
  }
}

/**
 * SPEC §7 'Onramp provider link': the provider's URL plus publicKey, destinationCurrencyCode
 * (SOL on Solana, otherwise USDC), walletAddress and externalCustomerId (the project id).
 */
export function onrampProviderLink(portico: Portico, provider: OnrampProvider): string {
  const { caipNetwork } = portico.stores.network.getState()
  const url = new URL(provider.url)
  url.searchParams.set('publicKey', provider.publicKey ?? '')
  url.searchParams.set('destinationCurrencyCode', caipNetwork?.chainNamespace === 'solana' ? 'SOL' : 'USDC')
  url.searchParams.set('walletAddress', getAccount(portico).address ?? '')
  url.searchParams.set('externalCustomerId', portico.options.projectId ?? '')
  const amount = portico.stores.onramp.getState().paymentAmount
  if (amount) url.searchParams.set('amount', amount)
  return url.toString()
}

export function selectOnrampProvider(portico: Portico, provider: OnrampProvider): string {
  portico.stores.onramp.setState({ selectedProvider: provider })
  return onrampProviderLink(portico, provider)
}
