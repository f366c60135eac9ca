import { Time } from '../../spec/defaults.js'
import type { Portico } from '../../portico.js'
import { isConnected } from '../../stores/account.js'
import type { View } from '../../views.js'
import { cancelFactorScreen } from '../cancelFactorScreen.js'
import { rejectApproval } from '../rejectApproval.js'

/**
 * What leaving a view by Back does, view by view. goBack runs the entry of the view it leaves;
 * a view without one is simply left.
 */
export const OnLeaveView: Partial<Record<View, (portico: Portico) => void>> = {
  /** SPEC §6: leaving ApproveTransaction unanswered rejects the pending requests. */
  ApproveTransaction: (portico) => void rejectApproval(portico),
  /** Leaving the frame's factor screen cancels it (the frame's request fails). */
  EmbeddedFactor: (portico) => void cancelFactorScreen(portico),
  /**
   * SPEC §2 'Navigation': going back from the Farcaster view while disconnected clears the
   * Farcaster URL and reloads the auth connector after 100 ms.
   */
  ConnectingFarcaster: (portico) => {
    if (isConnected(portico)) return
    portico.stores.connections.setState({ farcasterUrl: undefined })
    const handle = portico.clock.setTimeout(() => {
      portico.timers.delete('farcasterReload')
      void portico.auth?.reload()
    }, Time.reloadDelayMs)
    portico.timers.set('farcasterReload', handle)
  },
}

export type LeaveViewParameters = View
export type LeaveViewReturnType = void
export type LeaveViewErrorType = never

/** Runs what leaving `view` does (OnLeaveView), before the router moves on. */
export function leaveView(portico: Portico, view: LeaveViewParameters): LeaveViewReturnType {
  OnLeaveView[view]?.(portico)
}
