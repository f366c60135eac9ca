import type { Portico } from '../portico.js'

export type IsCloseBlockedReturnType = boolean
export type IsCloseBlockedErrorType = never

/**
 * SPEC §4 'Wallet sign-in': closing is disabled on SIWXSignMessage or ApproveTransaction when
 * sign-in is required and there are no sessions.
 */
export function isCloseBlocked(portico: Portico): boolean {
  const view = portico.stores.router.getState().view
  if (view !== 'SIWXSignMessage' && view !== 'ApproveTransaction') return false
  return Boolean(portico.siwx?.getRequired?.()) && !portico.stores.siwx.getState().hasSession
}
