import type { TokenBalance } from '../api/schemas.js'
import type { Portico } from '../portico.js'
import { initialSendState } from '../stores/send.js'

/** The token the user picked to send; the fee estimate no longer applies. */
export function setSendToken(portico: Portico, token: TokenBalance | undefined) {
  portico.stores.send.setState({ token, fee: undefined })
}

/** The amount exactly as typed (validation happens on send, and the view shows problems as you type). */
export function setSendAmount(portico: Portico, amount: string | undefined) {
  portico.stores.send.setState({ sendTokenAmount: amount, fee: undefined })
}

export function resetSend(portico: Portico) {
  portico.stores.send.setState(initialSendState)
}
