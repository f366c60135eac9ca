import type { FactorScreenPurpose } from '../../embedded/types.js'
import type { Portico } from '../../portico.js'
import { push } from '../../router.js'
import { cancelFactorScreen } from '../cancelFactorScreen.js'
import { openModal } from '../openModal.js'

export type HandleFactorScreenNeededParameters = FactorScreenPurpose
export type HandleFactorScreenNeededReturnType = void
export type HandleFactorScreenNeededErrorType = never

/**
 * The frame shows one of its own factor screens (CUSTODY.md: add a passkey or a password, unlock
 * a protected wallet on a new device, confirm a change). As for ApproveTransaction, the modal's
 * EmbeddedFactor view lays the frame over its body; the passkey ceremony and the password input
 * happen on the secure origin, never in this page. Closing the modal cancels the screen.
 */
export function handleFactorScreenNeeded(portico: Portico, purpose: HandleFactorScreenNeededParameters): HandleFactorScreenNeededReturnType {
  const { embedded, modal, router } = portico.stores
  embedded.setState({ factorScreen: purpose })
  portico.modalCloseListeners.add(() => void cancelFactorScreen(portico))
  if (router.getState().view === 'EmbeddedFactor' && modal.getState().open) return
  if (modal.getState().open) push(router, 'EmbeddedFactor')
  else openModal(portico, { view: 'EmbeddedFactor' })
}
