import { themeToCssVariables } from '@portico/core'
import { useCallback, useMemo, useState, type CSSProperties, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { usePorticoStore } from '../context.js'

export interface ShadowHostProps {
  css: string
  children: ReactNode
  /** Rendered as the host element; `display: contents` keeps it out of the host page's layout. */
  display?: CSSProperties['display']
  testId?: string
}

/**
 * Renders children inside an open shadow root with Portico's own styles and theme variables,
 * so the host page's CSS cannot reach them and the host imports no CSS file.
 */
export function ShadowHost({ css, children, display = 'contents', testId }: ShadowHostProps) {
  const [root, setRoot] = useState<ShadowRoot | null>(null)
  const attach = useCallback((element: HTMLElement | null) => {
    if (element) setRoot(element.shadowRoot ?? element.attachShadow({ mode: 'open' }))
  }, [])
  const themeMode = usePorticoStore('theme', (s) => s.themeMode)
  const themeVariables = usePorticoStore('theme', (s) => s.themeVariables)
  const hostCss = useMemo(() => {
    const vars = Object.entries(themeToCssVariables(themeMode, themeVariables))
      .map(([name, value]) => `${name}:${value};`)
      .join('')
    return `:host{all:initial;display:${display};${vars}color-scheme:${themeMode}}${css}`
  }, [css, display, themeMode, themeVariables])
  return (
    <portico-host ref={attach} data-testid={testId} data-theme={themeMode}>
      {root &&
        createPortal(
          <>
            <style>{hostCss}</style>
            {children}
          </>,
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
