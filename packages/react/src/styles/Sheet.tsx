import { createContext, useContext, useLayoutEffect } from 'react'
import { adoptSheet, canAdoptSheets, sheetFor } from './sheets.js'

/** The shadow root that ShadowHost renders into; null outside one (or before it is attached). */
export const ShadowRootContext = createContext<ShadowRoot | null>(null)

/**
 * A view's stylesheet: adopted into the shadow root it renders in while it is mounted (before the
 * first paint: a layout effect), instead of a `<style>` element that a strict CSP blocks. Where
 * a browser cannot adopt sheets (none current; jsdom in unit tests) it falls back to `<style>`.
 */
export function Sheet({ css }: { css: string }) {
  const root = useContext(ShadowRootContext)
  const adopt = root !== null && canAdoptSheets()
  useLayoutEffect(() => {
    if (adopt) return adoptSheet(root, sheetFor(css))
  }, [adopt, root, css])
  return adopt ? null : <style>{css}</style>
}
