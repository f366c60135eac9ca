import type { Portico } from '../portico.js'
import { getSendProblem, type SendProblem } from '../send/sendForm.js'
import { sendingNamespaces } from '../selectors/sendingNamespaces.js'

/**
 * The form's first problem: `kind` says which (decide on it, e.g. isSendInputError), `key` and `params`
 * how it reads (`translate(en, key, params)` from `@portico/core/i18n` gives SPEC §5's English; the
 * modal shows it in the user's language). Undefined when the send may go ahead. Until issue 29 this was
 * the English sentence itself.
 */
export type GetCurrentSendProblemReturnType = SendProblem | undefined
export type GetCurrentSendProblemErrorType = never

/** What stops the current send form from continuing (see send/sendForm.ts), read from the stores. */
export function getCurrentSendProblem(portico: Portico): GetCurrentSendProblemReturnType {
  const { caipNetwork, unsupported } = portico.stores.network.getState()
  return getSendProblem(portico.stores.send.getState(), unsupported ? undefined : caipNetwork, sendingNamespaces(portico))
}
