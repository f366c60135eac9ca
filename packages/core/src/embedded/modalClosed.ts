import { ModalClosedError } from '../errors/flow.js'

/**
 * SPEC §8 'Modal closed': a promise that rejects when the modal closes, for racing against a
 * pending email connect or email update. `dispose` stops listening. Takes only the listeners of the Portico
 * (not its type), so that embedded/ stays below portico.ts.
 */
export function modalClosed(portico: { readonly modalCloseListeners: Set<() => void> }): { closed: Promise<never>; dispose(): void } {
  let onClose!: () => void
  const closed = new Promise<never>((_, reject) => {
    onClose = () => reject(new ModalClosedError())
  })
  closed.catch(() => undefined)
  portico.modalCloseListeners.add(onClose)
  return { closed, dispose: () => void portico.modalCloseListeners.delete(onClose) }
}
