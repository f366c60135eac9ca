import type { Portico } from '../portico.js'
import { reset } from '../router.js'

export type ReturnToAccountReturnType = void
export type ReturnToAccountErrorType = never

/** Ends a flow (a name registered, a purchase made) on Account, with the history cleared (SPEC §2 'reset'). */
export function returnToAccount(portico: Portico): ReturnToAccountReturnType {
  reset(portico.stores.router, 'Account')
}
