import * as v from 'valibot'

/** What the server's onramp endpoints answer, checked before use. */
const Limit = v.object({ id: v.string(), min: v.string(), max: v.string() })
export const OptionsSchema = v.object({
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
export const ProvidersSchema = v.object({
  providers: v.array(
    v.object({
      label: v.string(),
      name: v.string(),
      feeRange: v.string(),
      url: v.string(),
      supportedChains: v.array(v.string()),
      publicKey: v.optional(v.string()),
    }),
  ),
})
export const QuoteSchema = v.object({ purchaseAmount: v.object({ amount: v.string(), currency: v.string() }) })
