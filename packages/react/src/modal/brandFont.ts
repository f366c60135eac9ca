import { DefaultThemeVariables, type Portico } from '@portico/core'
import { useEffect } from 'react'
import { usePortico, usePorticoStore } from '../context.js'

/**
 * The brand font on the fonts host (the Portico server's /fonts, packages/server/src/fonts): Inter,
 * variable weight, its Latin file (the other scripts keep the theme's fallback fonts).
 */
export const BRAND_FONT = {
  family: 'Inter',
  file: 'inter-latin-wght-normal.woff2',
  descriptors: {
    weight: '100 900',
    style: 'normal',
    unicodeRange:
      'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  },
} as const

/** The brand font's URL when the modal should load it: apiUrl set and the theme's font family is Inter. */
export function brandFontUrl(portico: Portico): string | undefined {
  const { apiUrl } = portico.options
  const family = portico.stores.theme.getState().themeVariables.fontFamily ?? DefaultThemeVariables.fontFamily
  if (!apiUrl || !/^\s*["']?Inter["']?\s*(,|$)/.test(family)) return undefined
  return new URL(`fonts/${BRAND_FONT.file}`, apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`).toString()
}

/** What the loader needs of the page: the FontFace constructor and the document's font set. */
export interface FontHost {
  FontFace: typeof FontFace
  fonts: FontFaceSet
}

const loaded = new WeakMap<Portico, Promise<FontFace | undefined>>()

/**
 * SPEC §7 'Fonts are preloaded from a fonts host'. The request starts when the modal first opens
 * (nothing in the page's first load, no request before), once per instance. No layout shift: the
 * face joins the document's fonts only while the modal is closed, so an open modal's text never
 * changes font under the user — a first open that is quicker than the font shows the fallback,
 * the next opens show Inter. A font that fails to load leaves the fallback; nothing else changes.
 */
export function loadBrandFont(portico: Portico, host: FontHost | undefined = pageFontHost()): Promise<FontFace | undefined> {
  const url = brandFontUrl(portico)
  if (!url || !host) return Promise.resolve(undefined)
  let pending = loaded.get(portico)
  if (!pending) {
    const face = new host.FontFace(BRAND_FONT.family, `url(${JSON.stringify(url)}) format('woff2')`, { ...BRAND_FONT.descriptors, display: 'swap' })
    pending = face.load().then(
      (ready) => {
        const add = () => host.fonts.add(ready)
        if (!portico.stores.modal.getState().open) add()
        else {
          const stop = portico.stores.modal.subscribe((state) => {
            if (state.open) return
            stop()
            add()
          })
        }
        return ready
      },
      (error: unknown) => {
        portico.logger.debug('the brand font did not load; the fallback fonts stay', error)
        return undefined
      },
    )
    loaded.set(portico, pending)
  }
  return pending
}

function pageFontHost(): FontHost | undefined {
  return typeof document !== 'undefined' && typeof FontFace !== 'undefined' ? { FontFace, fonts: document.fonts } : undefined
}

/** Starts the brand font's load on the modal's first open (see loadBrandFont), once its first frame has painted. */
export function useBrandFont() {
  const portico = usePortico()
  const open = usePorticoStore('modal', (s) => s.open)
  useEffect(() => {
    if (!open) return
    const schedule = portico.environment.afterPaint ?? ((task: () => void) => task())
    schedule(() => void loadBrandFont(portico))
  }, [portico, open])
}
