import type { EmbeddedWalletEvent, FactorScreenPurpose } from '@portico/core'
import type { FrameEventKind } from './protocol/index.js'

/** The client's events to core (client.ts); those that arrive before core subscribed (NOT_CONNECTED right after READY) are kept for it. */
export function createClientEvents() {
  const listeners = new Set<(event: EmbeddedWalletEvent) => void>()
  const early: EmbeddedWalletEvent[] = []
  return {
    emit(event: EmbeddedWalletEvent) {
      if (listeners.size === 0) early.push(event)
      else for (const listener of listeners) listener(event)
    },
    subscribe(listener: (event: EmbeddedWalletEvent) => void) {
      listeners.add(listener)
      for (const event of early.splice(0)) listener(event)
      return () => void listeners.delete(listener)
    },
    clear: () => listeners.clear(),
  }
}

/** A frame event as core hears it: its screens shown and done (NOT_CONNECTED the client handles itself). */
export function clientEventOf(kind: FrameEventKind, payload: unknown): EmbeddedWalletEvent | undefined {
  if (kind === 'RPC_APPROVAL_NEEDED') return { type: 'approvalNeeded', method: (payload as { method: string }).method }
  if (kind === 'RPC_APPROVAL_DONE') return { type: 'approvalDone', approved: (payload as { approved: boolean }).approved }
  if (kind === 'FACTOR_SCREEN_NEEDED') return { type: 'factorScreenNeeded', purpose: (payload as { purpose: FactorScreenPurpose }).purpose }
  if (kind === 'FACTOR_SCREEN_DONE') return { type: 'factorScreenDone' }
  return undefined
}
