import { AUTH_CONNECTOR_ID, isAuthConnector } from '../embedded/authConnector.js'
import { clearLoginCache } from '../embedded/loginCache.js'
import type { Portico } from '../portico.js'

/** SPEC §9: sign-out wait is 3 s. */
export const SIGN_OUT_WAIT_MS = 3_000

export type SignOutEmbeddedReturnType = void
export type SignOutEmbeddedErrorType = never

/**
 * SPEC §4 'Embedded wallet frame': disconnect clears the login cache at once and waits at most
 * 3 s for the frame to sign out; a frame that does not answer does not hold the user up.
 */
export async function signOutEmbedded(portico: Portico): Promise<void> {
  clearLoginCache(portico.storage)
  portico.stores.embedded.setState({ email: undefined, emailStep: undefined, error: undefined })
  const pending = portico.embeddedWalletClient
  if (!pending) return
  let timer: unknown
  const waited = new Promise<void>((resolve) => {
    timer = portico.clock.setTimeout(resolve, SIGN_OUT_WAIT_MS)
  })
  const signedOut = pending.then((client) => client.signOut()).catch((error) => portico.logger.debug('sign-out failed', error))
  await Promise.race([signedOut, waited])
  portico.clock.clearTimeout(timer)
}

export { isAuthConnector }
