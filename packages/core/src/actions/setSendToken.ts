import type { TokenBalance } from '../api/schemas.js'
import type { Portico } from '../portico.js'

export type SetSendTokenParameters = TokenBalance | undefined
export type SetSendTokenReturnType = void
export type SetSendTokenErrorType = never

/** The token the user picked to send; the fee estimate no longer applies. */
export function setSendToken(portico: Portico, token: SetSendTokenParameters): SetSendTokenReturnType {
  portico.stores.send.setState({ token, fee: undefined })
}
