import type { Portico } from '../portico.js'

/** The amount exactly as typed; undefined clears it. */
export interface SetSendAmountParameters {
  amount: string | undefined
}
export type SetSendAmountReturnType = void
export type SetSendAmountErrorType = never

/** The amount exactly as typed (validation happens on send, and the view shows problems as you type). */
export function setSendAmount(portico: Portico, parameters: SetSendAmountParameters): SetSendAmountReturnType
/** @deprecated use `setSendAmount(portico, { amount })` */
export function setSendAmount(portico: Portico, amount: string | undefined): SetSendAmountReturnType
export function setSendAmount(portico: Portico, parameters: SetSendAmountParameters | string | undefined): SetSendAmountReturnType {
  const { amount } = typeof parameters === 'object' ? parameters : { amount: parameters }
  portico.stores.send.setState({ sendTokenAmount: amount, fee: undefined })
}
