import * as v from 'valibot'
import { errorKeyOf } from '../errors/display.js'
import { OnrampDefaults } from '../onramp/rules.js'
import { OptionsSchema, ProvidersSchema } from '../onramp/schemas.js'
import type { Portico } from '../portico.js'

export type FetchOnrampOptionsReturnType = void
export type FetchOnrampOptionsErrorType = never

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
    onramp.setState({ error: errorKeyOf(error) })
  }
}
