import { createContext, useContext, useSyncExternalStore } from 'react'
import type { Portico } from '@portico/core'

export const PorticoContext = createContext<Portico | null>(null)

export function usePortico(): Portico {
  const portico = useContext(PorticoContext)
  if (!portico) throw new Error('Portico hooks must be used inside <PorticoProvider>')
  return portico
}

type Stores = Portico['stores']
type StateOf<K extends keyof Stores> = ReturnType<Stores[K]['getState']>

/** Subscribes a component to one store; the selector must return a stable value (primitive or stored object). */
export function usePorticoStore<K extends keyof Stores, T>(name: K, selector: (state: StateOf<K>) => T): T {
  const store = usePortico().stores[name] as unknown as {
    getState(): StateOf<K>
    subscribe(listener: () => void): () => void
  }
  const get = () => selector(store.getState())
  return useSyncExternalStore(store.subscribe, get, get)
}
