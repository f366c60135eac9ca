import { Time } from '../spec/defaults.js'
import { PorticoError } from '../errors/base.js'
import { readLoginCache, writeLoginCache } from '../embedded/loginCache.js'
import { modalClosed } from '../embedded/modalClosed.js'
import type { Portico } from '../portico.js'
import { push } from '../router.js'
import { closeModal } from './closeModal.js'
import { openModal } from './openModal.js'
import { authClient } from './internal/authClient.js'

export type UpdateEmailReturnType = string
export type UpdateEmailErrorType = PorticoError

/**
 * SPEC §4 'Email update': opens UpdateEmailWallet and polls every second; when the email differs,
 * the modal closes and the new email is returned. Closing the modal rejects with 'Modal closed'.
 * SPEC §5: an auth connector is required ('No auth connector found') and the current connection
 * must be email or social ('Not connected to email or social').
 */
export async function updateEmail(portico: Portico): Promise<string> {
  const { embedded, modal, router } = portico.stores
  const client = await authClient(portico)
  const current = client.user()?.email ?? readLoginCache(portico.storage).email
  embedded.setState({ updateStep: 'EMAIL', updateEmail: undefined, error: undefined, loading: false })
  if (modal.getState().open) push(router, 'UpdateEmailWallet')
  else openModal(portico, { view: 'UpdateEmailWallet' })

  const { closed, dispose } = modalClosed(portico)
  let timer: unknown
  const changed = new Promise<string>((resolve) => {
    const poll = () => {
      const email = client.user()?.email
      if (email && email !== current) return resolve(email)
      timer = portico.clock.setTimeout(poll, Time.pollIntervalMs)
    }
    timer = portico.clock.setTimeout(poll, Time.pollIntervalMs)
  })
  try {
    const email = await Promise.race([changed, closed])
    writeLoginCache(portico.storage, { email })
    dispose()
    embedded.setState({ updateStep: 'EMAIL', updateEmail: undefined, loading: false })
    closeModal(portico)
    return email
  } finally {
    dispose()
    portico.clock.clearTimeout(timer)
  }
}
