import type { PaymentCurrency } from '../stores/onramp.js'
import type { Problem } from '../i18n/message.js'

/** SPEC §9 'Onramp': default purchase currency USDC, default payment currency USD, card limits. */
export const OnrampDefaults = { purchaseSymbol: 'USDC', paymentCurrency: 'USD', paymentMethod: 'card' } as const

/**
 * The per-method limits of SPEC §9 (card 10.00–7500.00, ach_bank_account 10.00–25000.00): an amount
 * outside them is a problem (`kind` 'minimum' or 'maximum'; `key` and `params` say how it reads:
 * 'The minimum is 10.00 USD'), else undefined.
 */
export function amountOutsideLimits(
  currency: PaymentCurrency | undefined,
  amount: string,
  method: string = OnrampDefaults.paymentMethod,
): Problem<'minimum' | 'maximum'> | undefined {
  const limit = currency?.payment_method_limits.find((l) => l.id === method)
  const value = Number(amount)
  if (!limit || !Number.isFinite(value)) return undefined
  if (value < Number(limit.min)) return { kind: 'minimum', key: 'onramp.minimum', params: { amount: limit.min, currency: currency!.id } }
  if (value > Number(limit.max)) return { kind: 'maximum', key: 'onramp.maximum', params: { amount: limit.max, currency: currency!.id } }
  return undefined
}
