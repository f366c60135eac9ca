/** Tiny event emitter: EIP-1193 only needs on/removeListener; no node 'events' in browser code. */
import type { Listener } from './types'

export function createEmitter() {
  const listeners = new Map<string, Set<Listener>>()
  return {
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
    emit(event: string, ...args: unknown[]) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        // A throwing dapp listener must not break the wallet's own state updates.
        try {
          listener(...args)
        } catch (err) {
          console.error(`[Portico Test Wallet] "${event}" listener threw`, err)
        }
      }
    },
  }
}
