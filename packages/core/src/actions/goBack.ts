import { Time } from '../spec/defaults.js'
import type { Portico } from '../portico.js'
import { closeModal } from './closeModal.js'
import { isConnected } from '../stores/account.js'
import { rejectApproval } from './approveTransaction.js'
import { cancelFactorScreen } from './factorScreen.js'

/**
 * SPEC §2 'Navigation': goBack pops one entry. When connected and the previous view is
 * Connect, it shows Account. With a single entry it closes the modal. Going back from the
 * Farcaster view while disconnected clears the Farcaster URL and reloads the auth connector
 * after 100 ms.
 */
export function goBack(portico: Portico) {
  const { router, connections } = portico.stores
  const { history, view } = router.getState()
  const connected = isConnected(portico)

  // Leaving ApproveTransaction unanswered rejects the pending requests (SPEC §6).
  if (view === 'ApproveTransaction') void rejectApproval(portico)
  // Leaving the frame's factor screen cancels it (the frame's request fails).
  if (view === 'EmbeddedFactor') void cancelFactorScreen(portico)

  if (view === 'ConnectingFarcaster' && !connected) {
    connections.setState({ farcasterUrl: undefined })
    const handle = portico.clock.setTimeout(() => {
      portico.timers.delete('farcasterReload')
      void portico.auth?.reload()
    }, Time.reloadDelayMs)
    portico.timers.set('farcasterReload', handle)
  }

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
