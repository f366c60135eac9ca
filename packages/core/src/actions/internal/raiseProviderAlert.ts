import { alertCodeOf } from '../../errors/alert.js'
import type { AlertCode } from '../../spec/catalogue.js'
import type { Portico } from '../../portico.js'
import { setAlert } from '../setAlert.js'

/** The alert raised, if the error stands for one. */
export type RaiseProviderAlertReturnType = AlertCode | undefined
export type RaiseProviderAlertErrorType = never

/**
 * SPEC §8 'Provider error mapping', applied where a wallet or relay answers: an error that stands
 * for an alert ('Unauthorized: origin not allowed' → APKT002, 'JWT validation error: JWT Token is
 * not yet valid' → APKT006, 'Unauthorized: invalid key' → APKT007) shows that alert. The error
 * itself goes on as before.
 */
export function raiseProviderAlert(portico: Portico, error: unknown): RaiseProviderAlertReturnType {
  const code = alertCodeOf(error)
  if (code) setAlert(portico, code, error instanceof Error ? error.message : undefined)
  return code
}
