import { clearSiwxSessions, signInWithWallet } from '@portico/core'
import { useCallback } from 'react'
import { usePortico, usePorticoStore } from '../context.js'

/**
 * The wallet sign-in (SPEC §4 'Wallet sign-in') as the host page sees it: whether sign-in is
 * configured and required, its status, and the networks the account has signed in on.
 */
export function usePorticoSiwx() {
  const portico = usePortico()
  const status = usePorticoStore('siwx', (s) => s.status)
  const hasSession = usePorticoStore('siwx', (s) => s.hasSession)
  const signedNetworks = usePorticoStore('siwx', (s) => s.signedNetworks)
  const error = usePorticoStore('siwx', (s) => s.error)
  const email = usePorticoStore('siwx', (s) => s.email)
  const signIn = useCallback(() => signInWithWallet(portico), [portico])
  const clearSessions = useCallback(() => clearSiwxSessions(portico), [portico])
  return {
    enabled: Boolean(portico.siwx),
    required: portico.siwx?.getRequired?.() ?? false,
    status,
    isSignedIn: hasSession,
    /** Newest last. */
    signedNetworks,
    /** Why sign-in stopped: a message key and parameters (show it with `translate` of `@portico/core/i18n`), not a sentence. */
    error,
    email,
    signIn,
    clearSessions,
  }
}
