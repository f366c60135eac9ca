import type { TokenBalance } from '../api/schemas.js'
import type { Portico } from '../portico.js'

export interface SetSendTokenParameters {
  token: TokenBalance | undefined
}
export type SetSendTokenReturnType = void
export type SetSendTokenErrorType = never

/** The token the user picked to send; the fee estimate no longer applies. */
export function setSendToken(portico: Portico, parameters: SetSendTokenParameters): SetSendTokenReturnType
/** @deprecated use `setSendToken(portico, { token })` */
export function setSendToken(portico: Portico, token: TokenBalance | undefined): SetSendTokenReturnType
export function setSendToken(portico: Portico, parameters: SetSendTokenParameters | TokenBalance | undefined): SetSendTokenReturnType {
  // A token (it has a symbol) is the deprecated positional form.
  const { token } = parameters && 'symbol' in parameters ? { token: parameters } : (parameters ?? {})
  portico.stores.send.setState({ token, fee: undefined })
}
