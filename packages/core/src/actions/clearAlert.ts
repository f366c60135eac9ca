import type { Portico } from '../portico.js'

export type ClearAlertReturnType = void
export type ClearAlertErrorType = never

export function clearAlert(portico: Portico) {
  portico.stores.project.setState({ alert: undefined })
}
