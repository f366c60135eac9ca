import type { Portico } from '../portico.js'

/** The amount exactly as typed; undefined clears it. */
export type SetSendAmountParameters = string | undefined
export type SetSendAmountReturnType = void
export type SetSendAmountErrorType = never

/** The amount exactly as typed (validation happens on send, and the view shows problems as you type). */
export function setSendAmount(portico: Portico, amount: SetSendAmountParameters): SetSendAmountReturnType {
  portico.stores.send.setState({ sendTokenAmount: amount, fee: undefined })
}
