import type { Portico } from '../portico.js'
import { getSendProblem } from '../send/sendForm.js'

/** The form's first problem in SPEC §5's words; undefined when the send may go ahead. */
export type GetCurrentSendProblemReturnType = string | undefined
export type GetCurrentSendProblemErrorType = never

/** What stops the current send form from continuing (see send/sendForm.ts), read from the stores. */
export function getCurrentSendProblem(portico: Portico): GetCurrentSendProblemReturnType {
  const { caipNetwork, unsupported } = portico.stores.network.getState()
  return getSendProblem(portico.stores.send.getState(), unsupported ? undefined : caipNetwork, sendingNamespaces(portico))
}

/** The chain families whose adapter can send a transfer. */
export function sendingNamespaces(portico: Portico): string[] {
  return [...portico.adapters.values()].filter((a) => a.sendTransfer).map((a) => a.namespace)
}
