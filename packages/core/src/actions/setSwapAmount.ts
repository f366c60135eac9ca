import type { Portico } from '../portico.js'
import { requoteSwap } from './internal/requoteSwap.js'

export interface SetSwapAmountParameters {
  /** The amount to pay, as typed. */
  fromAmount: string
}

export type SetSwapAmountReturnType = void

export type SetSwapAmountErrorType = never

/** Keeps the amount exactly as typed and quotes it after a pause in typing. */
export function setSwapAmount(portico: Portico, parameters: SetSwapAmountParameters): SetSwapAmountReturnType

/** @deprecated use `setSwapAmount(portico, { fromAmount })` */
export function setSwapAmount(portico: Portico, fromAmount: string): SetSwapAmountReturnType

export function setSwapAmount(portico: Portico, parameters: SetSwapAmountParameters | string): SetSwapAmountReturnType {
  const { fromAmount } = typeof parameters === 'object' ? parameters : { fromAmount: parameters }
  portico.stores.swap.setState({ fromAmount, quote: undefined, quoteError: undefined })
  requoteSwap(portico)
}
