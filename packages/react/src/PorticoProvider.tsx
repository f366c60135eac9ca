import { initialize, type Portico } from '@portico/core'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { PorticoContext, usePorticoStore } from './context.js'

const Modal = lazy(() => import('./modal/Modal.js'))

export interface PorticoProviderProps {
  portico: Portico
  children?: ReactNode
}

/**
 * Provides a Portico instance to the hooks and renders the modal. The modal's code loads the
 * first time it opens, so a host page pays only for the button until then.
 */
export function PorticoProvider({ portico, children }: PorticoProviderProps) {
  useEffect(() => {
    void initialize(portico)
    return () => portico.destroy()
  }, [portico])
  return (
    <PorticoContext.Provider value={portico}>
      {children}
      <ModalLoader />
    </PorticoContext.Provider>
  )
}

function ModalLoader() {
  const open = usePorticoStore('modal', (s) => s.open)
  const embedded = usePorticoStore('modal', (s) => s.embedded)
  const [everOpened, setEverOpened] = useState(open)
  useEffect(() => {
    if (open) setEverOpened(true)
  }, [open])
  if (!everOpened || embedded) return null
  return (
    <Suspense fallback={null}>
      <Modal />
    </Suspense>
  )
}
