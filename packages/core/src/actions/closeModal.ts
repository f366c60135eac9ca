import type { Portico } from '../portico.js'
import { reset } from '../router.js'
import { isConnected } from '../stores/account.js'
import { track } from './internal/track.js'
import { isCloseBlocked } from './isCloseBlocked.js'

export interface CloseModalParameters {
  /** Close even while a step blocks closing (isCloseBlocked). */
  force?: boolean
}

export type CloseModalReturnType = void
export type CloseModalErrorType = never

/**
 * SPEC §2: closing resets to Connect and clears loading. In embedded mode (rendered inline)
 * the modal stays and shows Account if connected, otherwise Connect.
 */
export function closeModal(portico: Portico, { force = false }: CloseModalParameters = {}): CloseModalReturnType {
  const { router, modal, connections } = portico.stores
  if (!force && isCloseBlocked(portico)) {
    modal.setState(({ shakeCount }) => ({ shakeCount: shakeCount + 1 }))
    return
  }
  // SPEC §8 'Modal closed': a pending email or pairing connect fails when the modal closes.
  for (const listener of [...portico.modalCloseListeners]) listener()
  portico.modalCloseListeners.clear()
  if (modal.getState().embedded) {
    reset(router, isConnected(portico) ? 'Account' : 'Connect')
    modal.setState({ loading: false })
    return
  }
  const wasOpen = modal.getState().open
  reset(router, 'Connect')
  modal.setState({ open: false, loading: false })
  if (wasOpen) track(portico, 'MODAL_CLOSE', { connected: isConnected(portico) })
  connections.setState({ connectError: undefined })
}
