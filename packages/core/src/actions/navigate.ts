import type { Portico } from '../portico.js'
import { push } from '../router.js'
import type { RouterData } from '../stores/router.js'
import type { View } from '../views.js'

export type NavigateParameters = View
export type NavigateReturnType = void
export type NavigateErrorType = never

/**
 * Opens `view` on top of the current one (SPEC §2 'Navigation': push ignores a view equal to the current one);
 * what views call instead of pushing on the router store. `data` is what the view is opened with.
 */
export function navigate(portico: Portico, view: NavigateParameters, data?: RouterData): NavigateReturnType {
  push(portico.stores.router, view, data)
}
