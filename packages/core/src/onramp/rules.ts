import type { PaymentCurrency } from '../stores/onramp.js'

/** SPEC §9 'Onramp': default purchase currency USDC, default payment currency USD, card limits. */
export const OnrampDefaults = { purchaseSymbol: 'USDC', paymentCurrency: 'USD', paymentMethod: 'card' } as const

/** The per-method limits of SPEC §9 (card 10.00–7500.00, ach_bank_account 10.00–25000.00). */
export function amountOutsideLimits(currency: PaymentCurrency | undefined, amount: string, method: string = OnrampDefaults.paymentMethod): string | undefined {
  const limit = currency?.payment_method_limits.find((l) => l.id === method)
  const value = Number(amount)
  if (!limit || !Number.isFinite(value)) return undefined
  if (value < Number(limit.min)) return `The minimum is ${limit.min} ${currency!.id}`
  if (value > Number(limit.max)) return `The maximum is ${limit.max} ${currency!.id}`
  return undefined
}
