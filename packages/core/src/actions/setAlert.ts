import { Alerts, type AlertCode } from '../spec/catalogue.js'
import type { Portico } from '../portico.js'

export type SetAlertReturnType = void
export type SetAlertErrorType = never

/** Shows an alert of SPEC §8's table in the modal and logs it for the host's developers. */
export function setAlert(portico: Portico, code: AlertCode, details?: string) {
  const alert = Alerts[code]
  portico.stores.project.setState({ alert })
  const log = alert.severity === 'warning' ? portico.logger.warn : portico.logger.error
  log(`${alert.code}: ${alert.message}${details ? ` (${details})` : ''}`)
}

export type ClearAlertReturnType = void
export type ClearAlertErrorType = never

export function clearAlert(portico: Portico) {
  portico.stores.project.setState({ alert: undefined })
}
