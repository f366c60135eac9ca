import type { EmbeddedWalletClient, FactorScreenPurpose } from '../embedded/client.js'
import type { Portico } from '../portico.js'
import { push } from '../router.js'
import { goBack } from './goBack.js'
import { openModal } from './openModal.js'

/**
 * The frame shows one of its own factor screens (CUSTODY.md: add a passkey or a password, unlock
 * a protected wallet on a new device, confirm a change). As for ApproveTransaction, the modal's
 * EmbeddedFactor view lays the frame over its body; the passkey ceremony and the password input
 * happen on the secure origin, never in this page. Closing the modal cancels the screen.
 */
export function handleFactorScreenNeeded(portico: Portico, purpose: FactorScreenPurpose) {
  const { embedded, modal, router } = portico.stores
  embedded.setState({ factorScreen: purpose })
  portico.modalCloseListeners.add(() => void cancelFactorScreen(portico))
  if (router.getState().view === 'EmbeddedFactor' && modal.getState().open) return
  if (modal.getState().open) push(router, 'EmbeddedFactor')
  else openModal(portico, { view: 'EmbeddedFactor' })
}

/** The frame's screen is done: hide the frame, go back to the view that asked. */
export function handleFactorScreenDone(portico: Portico, client: EmbeddedWalletClient) {
  const { embedded, router } = portico.stores
  client.hideFrame()
  if (!embedded.getState().factorScreen) return
  embedded.setState({ factorScreen: undefined })
  if (router.getState().view === 'EmbeddedFactor') goBack(portico)
}

/** The user left EmbeddedFactor (back, close): the frame drops its screen and the request fails. */
export async function cancelFactorScreen(portico: Portico) {
  const { embedded } = portico.stores
  if (!embedded.getState().factorScreen) return
  embedded.setState({ factorScreen: undefined })
  const client = await portico.embeddedWalletClient?.catch(() => undefined)
  if (!client) return
  client.hideFrame()
  await client.abortRpc().catch((error) => portico.logger.debug('factor screen cancel failed', error))
}
