import type { Portico } from '../portico.js'

export type SetLegalAcceptedParameters = { accepted: boolean }
export type SetLegalAcceptedReturnType = void
export type SetLegalAcceptedErrorType = never

/** SPEC §6 legal checkbox: the visitor ticks (or unticks) the checkbox that unlocks the wallet list. */
export function setLegalAccepted(portico: Portico, { accepted }: SetLegalAcceptedParameters): SetLegalAcceptedReturnType {
  portico.stores.modal.setState({ legalAccepted: accepted })
}
