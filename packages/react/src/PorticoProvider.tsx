import { closeModal, initialize, type Portico } from '@portico/core'
import { enFirstLoad, loadMessages, localeDirection, type Messages } from '@portico/core/i18n'
import { startTransition, useEffect, useMemo, useReducer, useState, type ReactNode } from 'react'
import { PorticoContext, usePortico, usePorticoStore } from './context.js'
import { I18nContext } from './i18n/context.js'
import { loadedModal, loadModal, whenIdle } from './modal/loadModal.js'

export interface PorticoProviderProps {
  portico: Portico
  children?: ReactNode
}

/**
 * Provides a Portico instance to the hooks and renders the modal. The modal's code is not in the
 * page's first load: it loads once the page is idle (or the pointer reaches the button) and is
 * rendered once ahead, hidden (see ModalProps), so that the first open is as quick as the next.
 */
export function PorticoProvider({ portico, children }: PorticoProviderProps) {
  useEffect(() => {
    void initialize(portico)
    return () => portico.destroy()
  }, [portico])
  const locale = portico.options.locale
  const [messages, setMessages] = useState<{ locale: string; messages: Partial<Messages> | undefined }>()
  // Only the chosen locale's catalogue is fetched (English is built in); until it arrives, English.
  useEffect(() => {
    let live = true
    loadMessages({ locale }).then(
      (loaded) => live && setMessages({ locale, messages: loaded }),
      (error: unknown) => portico.logger.error(`the ${locale} texts could not load; showing English`, error),
    )
    return () => {
      live = false
    }
  }, [portico, locale])
  const current = messages?.locale === locale ? messages.messages : undefined
  const i18n = useMemo(() => ({ locale, dir: localeDirection(locale), messages: current, fallback: enFirstLoad }), [locale, current])
  return (
    <PorticoContext.Provider value={portico}>
      <I18nContext.Provider value={i18n}>
        {children}
        <ModalLoader />
      </I18nContext.Provider>
    </PorticoContext.Provider>
  )
}

function ModalLoader() {
  const portico = usePortico()
  const open = usePorticoStore('modal', (s) => s.open)
  const embedded = usePorticoStore('modal', (s) => s.embedded)
  // Set during render, so that an open with the code there renders the modal in this pass.
  const [everOpened, setEverOpened] = useState(open)
  // Warmed up: the dialog has been rendered ahead, hidden. While closed on the Connect view it
  // stays so (hidden and inert, see ModalProps): opening it, the first time or again, only reveals it.
  const [warmed, setWarmed] = useState(false)
  const view = usePorticoStore('router', (s) => s.view)
  const [, loaded] = useReducer((n: number) => n + 1, 0)
  const Modal = loadedModal()

  useEffect(() => {
    let current = true
    const cancel = whenIdle(() => {
      loadModal().then(
        () => current && startTransition(() => setWarmed(true)),
        () => {}, // tried again on open
      )
    })
    return () => {
      current = false
      cancel()
    }
  }, [portico])
  useEffect(() => {
    if (Modal || !open) return
    let current = true
    loadModal().then(
      () => current && loaded(),
      (error: unknown) => {
        portico.logger.error('the modal could not load', error)
        // Closed, so that the next open tries again.
        if (current) closeModal(portico, { force: true })
      },
    )
    return () => {
      current = false
    }
  }, [Modal, open, portico])

  if (embedded || !Modal || (!everOpened && !warmed)) return null
  return <Modal ahead={warmed && view === 'Connect'} named={everOpened} />
}
