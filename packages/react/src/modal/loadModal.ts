import type { ComponentType } from 'react'
import type { ModalProps } from './Modal.js'

type ModalComponent = ComponentType<ModalProps>
let modal: ModalComponent | undefined
let loading: Promise<ModalComponent> | undefined

/**
 * The modal's code: its shell and the Connect view, one chunk. Loaded once, before it is needed
 * where possible (the page idle, the pointer or focus on the button), so that opening renders it
 * at once instead of waiting on the network.
 */
export function loadModal(): Promise<ModalComponent> {
  loading ??= import('./Modal.js').then(
    (module) => (modal = module.default),
    (error: unknown) => {
      loading = undefined // a failed fetch is tried again on the next open
      throw error
    },
  )
  return loading
}

/** The modal's component once its code has arrived, so that it renders in the same frame. */
export function loadedModal(): ModalComponent | undefined {
  return modal
}

export function preloadModal() {
  loadModal().catch(() => {})
}

/** Runs `task` when the page has nothing else to do (at the latest after 2 s); returns a cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 500)
  return () => clearTimeout(id)
}
