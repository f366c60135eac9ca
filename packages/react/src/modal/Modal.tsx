import { closeModal, goBack, Time } from '@portico/core'
import { memo, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { BackIcon, CloseIcon, WarningIcon } from '../components/icons.js'
import { ShadowHost } from '../components/ShadowHost.js'
import { Spinner } from '../components/Spinner.js'
import { usePortico, usePorticoStore } from '../context.js'
import { Footer } from './Footer.js'
import { Snackbar } from './Snackbar.js'
import { modalCss } from './styles.js'
import { isBody, useFocusTrap } from './useFocusTrap.js'
import { useSwipeToClose } from './useSwipeToClose.js'
import { views } from './viewRegistry.js'
import { I18nModalProvider } from '../i18n/I18nModalProvider.js'
import { useI18n } from '../i18n/useI18n.js'
import { embeddedCss } from '../components/embedded/styles.js'

// The email and social styles are the Connect view's too: in the shell's stylesheet, so that
// opening adds no stylesheet to the shadow root (a new one restyles all of it).
const shellCss = modalCss + embeddedCss

export interface ModalProps {
  /**
   * The dialog rendered ahead, hidden and inert: from when the page is first idle, and whenever it
   * is closed on the Connect view. The browser then has the fonts, styles and laid-out list that
   * an open needs, and opening only reveals it (no render of the dialog, no new elements).
   */
  ahead?: boolean
  /** Named for tests and hosts (data-testid) once it has been opened, not while only rendered ahead. */
  named?: boolean
}

/** The modal shell: overlay, dialog, header, the current view, footer and snack. */
export default function Modal({ ahead = false, named = true }: ModalProps) {
  const open = usePorticoStore('modal', (s) => s.open)
  const card = useRef<HTMLDivElement>(null)
  if (typeof document === 'undefined') return null
  const hidden = ahead && !open
  return createPortal(
    <I18nModalProvider>
      <ModalRoot css={shellCss} named={named} open={open} ahead={ahead} hidden={hidden} card={card} />
    </I18nModalProvider>,
    document.body,
  )
}

interface ModalRootProps {
  css: string
  named: boolean
  open: boolean
  ahead: boolean
  hidden: boolean
  card: RefObject<HTMLDivElement | null>
}

/** The shadow root's content, in the user's language: dir="rtl" for Arabic, lang for screen readers. */
function ModalRoot({ css, named, open, ahead, hidden, card }: ModalRootProps) {
  const { dir, locale } = useI18n()
  return (
    <ShadowHost css={css} testId={named ? 'portico-modal' : undefined}>
      {open || ahead ? (
        // The same elements whether hidden or shown: revealing re-renders none of the dialog.
        <div className={hidden ? 'ahead' : undefined} aria-hidden={hidden || undefined} inert={hidden} dir={dir} lang={locale}>
          <Dialog card={card} />
          <DialogFocus card={card} active={!hidden} />
        </div>
      ) : null}
    </ShadowHost>
  )
}

/** While the dialog is shown: focus inside it, and Escape closes it. */
function DialogFocus({ card, active }: { card: RefObject<HTMLDivElement | null>; active: boolean }) {
  const portico = usePortico()
  useFocusTrap(card, active)
  const close = useCallback(() => {
    closeModal(portico)
    return !portico.stores.modal.getState().open
  }, [portico])
  useSwipeToClose(card, active, close)
  useEffect(() => {
    if (!active) return
    // Escape inside the card closes it (below); this covers focus dropped on the page's body by a view change.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && isBody(event.target)) closeModal(portico)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [portico, active])
  return null
}

const Dialog = memo(function Dialog({ card }: { card: RefObject<HTMLDivElement | null> }) {
  const portico = usePortico()
  const view = usePorticoStore('router', (s) => s.view)
  const depth = usePorticoStore('router', (s) => s.history.length)
  const shakeCount = usePorticoStore('modal', (s) => s.shakeCount)
  const { component: ViewComponent, title } = views[view]
  const { t } = useI18n()
  const shaking = useShake(shakeCount)

  return (
    <div
      className="overlay"
      data-testid="portico-overlay"
      onMouseDown={(event) => {
        // Backdrop click closes; a click that started inside the card does not.
        if (event.target === event.currentTarget) closeModal(portico)
      }}
    >
      <div
        ref={card}
        className={`card${shaking ? ' shake' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="portico-title"
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation()
            closeModal(portico)
          }
        }}
      >
        <div className="grabber" aria-hidden="true" />
        <div className="header">
          <button type="button" className="icon-button" aria-label={t('modal.back')} hidden={depth <= 1} onClick={() => goBack(portico)}>
            <BackIcon />
          </button>
          <h2 id="portico-title" key={title ?? view}>
            {title ? t(title) : <span className="sr-only">{t(view === 'Account' ? 'account.title' : 'modal.portico')}</span>}
          </h2>
          <button type="button" className="icon-button" aria-label={t('modal.close')} onClick={() => closeModal(portico)}>
            <CloseIcon />
          </button>
        </div>
        <AlertBanner />
        <AnimatedHeight>
          <div className="view" key={`${view}:${depth}`} data-view={view}>
            <Suspense
              fallback={
                <div className="center">
                  <Spinner size={28} label={t('modal.loading')} />
                </div>
              }
            >
              <ViewComponent />
            </Suspense>
          </div>
        </AnimatedHeight>
        <Footer />
        <Snackbar />
      </div>
    </div>
  )
})

/** An alert of SPEC §8's table (e.g. APKT002 'Invalid App Configuration'), above the view. */
function AlertBanner() {
  const alert = usePorticoStore('project', (s) => s.alert)
  const { t } = useI18n()
  if (!alert) return null
  return (
    <div className={`alert ${alert.severity}`} role="alert" data-testid="portico-alert" data-code={alert.code}>
      <WarningIcon />
      <span>{t(`alert.${alert.code}`)}</span>
    </div>
  )
}

/** SPEC §2: height changes animate over 150 ms. */
function AnimatedHeight({ children }: { children: ReactNode }) {
  const inner = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState<number | undefined>(undefined)
  useLayoutEffect(() => {
    const element = inner.current
    if (!element || typeof ResizeObserver === 'undefined') return
    // Measured before the first paint, so that opening takes no second render for it.
    setHeight(element.offsetHeight)
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return (
    <div className="body" style={{ height }}>
      <div className="body-inner" ref={inner}>
        {children}
      </div>
    </div>
  )
}

/** SPEC §2: the shake effect lasts 500 ms. */
function useShake(count: number) {
  const [shaking, setShaking] = useState(false)
  const first = useRef(count)
  useEffect(() => {
    if (count === first.current) return
    setShaking(true)
    const timer = setTimeout(() => setShaking(false), Time.shakeMs)
    return () => clearTimeout(timer)
  }, [count])
  return shaking
}
