import type { Portico } from '../portico.js'
import { initialSendState } from '../stores/send.js'

export type ResetSendReturnType = void
export type ResetSendErrorType = never

/** Back to SPEC §3's initial send state. */
export function resetSend(portico: Portico): ResetSendReturnType {
  // Replaced, not merged: the fee choice's fields are not in the initial state.
  portico.stores.send.setState(initialSendState, true)
}
