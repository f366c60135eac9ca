import type { Portico } from '../portico.js'
import { push } from '../router.js'
import type { RouterData } from '../stores/router.js'
import type { View } from '../views.js'

export interface NavigateParameters {
  view: View
  /** What the view is opened with. */
  data?: RouterData | undefined
}
export type NavigateReturnType = void
export type NavigateErrorType = never

/**
 * Opens `view` on top of the current one (SPEC §2 'Navigation': push ignores a view equal to the current one);
 * what views call instead of pushing on the router store.
 */
export function navigate(portico: Portico, parameters: NavigateParameters): NavigateReturnType
/** @deprecated use `navigate(portico, { view, data })` */
export function navigate(portico: Portico, view: View, data?: RouterData): NavigateReturnType
export function navigate(portico: Portico, parameters: NavigateParameters | View, data?: RouterData): NavigateReturnType {
  const { view, data: viewData } = typeof parameters === 'string' ? { view: parameters, data } : parameters
  push(portico.stores.router, view, viewData)
}
