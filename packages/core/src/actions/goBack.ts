import type { Portico } from '../portico.js'
import { isConnected } from '../stores/account.js'
import { closeModal } from './closeModal.js'
import { leaveView } from './internal/leaveView.js'

export type GoBackReturnType = void
export type GoBackErrorType = never

/**
 * SPEC §2 'Navigation': goBack pops one entry. When connected and the previous view is
 * Connect, it shows Account. With a single entry it closes the modal. The view left runs its
 * on-leave action first (leaveView: ApproveTransaction rejects, EmbeddedFactor cancels,
 * ConnectingFarcaster reloads the auth connector).
 */
export function goBack(portico: Portico): GoBackReturnType {
  const { router, connections } = portico.stores
  const { history, view } = router.getState()
  const connected = isConnected(portico)

  leaveView(portico, view)

  if (history.length <= 1) {
    closeModal(portico)
    return
  }
  const rest = history.slice(0, -1)
  let previous = rest.at(-1)!
  if (connected && previous === 'Connect') {
    previous = 'Account'
    rest[rest.length - 1] = 'Account'
  }
  router.setState({ view: previous, history: rest, data: undefined })
  connections.setState({ connectError: undefined })
}
