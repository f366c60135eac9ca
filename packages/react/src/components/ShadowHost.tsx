import { themeToCssVariables } from '@portico/core'
import { useCallback, useLayoutEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { usePorticoStore } from '../context.js'
import { ShadowRootContext } from '../styles/Sheet.js'
import { canAdoptSheets } from '../styles/sheets.js'

export interface ShadowHostProps {
  css: string
  children: ReactNode
  /** Rendered as the host element; `display: contents` keeps it out of the host page's layout. */
  display?: CSSProperties['display']
  testId?: string
}

/**
 * Renders children inside an open shadow root with Portico's own styles and theme variables,
 * so the host page's CSS cannot reach them and the host imports no CSS file. The styles are a
 * constructed sheet adopted by the root (no `<style>` element: a strict CSP allows it), the first
 * of the root's sheets; views add theirs after it (styles/Sheet.tsx).
 */
export function ShadowHost({ css, children, display = 'contents', testId }: ShadowHostProps) {
  const [root, setRoot] = useState<ShadowRoot | null>(null)
  const [sheet] = useState(() => (canAdoptSheets() ? new CSSStyleSheet() : null))
  const attach = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return
      const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' })
      // First, before any view's sheet: the views' rules follow the shell's, as their <style>s did.
      if (sheet && !shadow.adoptedStyleSheets.includes(sheet)) shadow.adoptedStyleSheets = [sheet, ...shadow.adoptedStyleSheets]
      setRoot(shadow)
    },
    [sheet],
  )
  const themeMode = usePorticoStore('theme', (s) => s.themeMode)
  const themeVariables = usePorticoStore('theme', (s) => s.themeVariables)
  const hostCss = useMemo(() => {
    const vars = Object.entries(themeToCssVariables(themeMode, themeVariables))
      .map(([name, value]) => `${name}:${value};`)
      .join('')
    // Text needs 4.5:1 (WCAG 1.4.3). White on SPEC's #3396ff gives 3.1:1, on the accent darkened by a fifth 4.7:1;
    // the accent as text, darkened on light backgrounds and lightened on dark ones, gives 4.8:1 or more on its own tint.
    const strong = '--portico-accent-strong:color-mix(in srgb,var(--portico-accent) 78%,#000);'
    const text = `--portico-accent-text:color-mix(in srgb,var(--portico-accent) ${themeMode === 'light' ? '62%,#000' : '80%,#fff'});`
    return `:host{all:initial;display:${display};${vars}${strong}${text}color-scheme:${themeMode}}${css}`
  }, [css, display, themeMode, themeVariables])
  // Before the first paint, and again (same sheet, same place) when the theme changes.
  useLayoutEffect(() => sheet?.replaceSync(hostCss), [sheet, hostCss])
  return (
    <portico-host ref={attach} data-testid={testId} data-theme={themeMode}>
      {root &&
        createPortal(
          <ShadowRootContext.Provider value={root}>
            {!sheet && <style>{hostCss}</style>}
            {children}
          </ShadowRootContext.Provider>,
          root,
        )}
    </portico-host>
  )
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'portico-host': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & { 'data-theme'?: string }
    }
  }
}
