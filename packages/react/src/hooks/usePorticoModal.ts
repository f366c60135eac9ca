import { closeModal, openModal, type OpenModalParameters } from '@portico/core'
import { useCallback } from 'react'
import { usePortico, usePorticoStore } from '../context.js'

/** Open and close the modal; read whether it is open. */
export function usePorticoModal() {
  const portico = usePortico()
  const isOpen = usePorticoStore('modal', (s) => s.open)
  const open = useCallback((parameters?: OpenModalParameters) => openModal(portico, parameters), [portico])
  const close = useCallback(() => closeModal(portico), [portico])
  return { isOpen, open, close }
}
