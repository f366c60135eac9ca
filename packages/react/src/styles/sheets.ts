/**
 * Portico's styles as constructable stylesheets (`adoptedStyleSheets`), so that the modal renders
 * styled on a host page whose Content-Security-Policy has no 'unsafe-inline' for styles: a
 * `<style>` element or a style attribute would be blocked there, an adopted sheet is not.
 *
 * One CSSStyleSheet per css string, shared by every shadow root that adopts it; each root counts
 * its users of a sheet, so a lazily loaded view adds its sheet when it mounts and a sheet two
 * views share stays while either is mounted.
 */

const sheets = new Map<string, CSSStyleSheet>()
const users = new WeakMap<ShadowRoot, Map<CSSStyleSheet, number>>()

/** Whether this browser adopts constructed sheets into shadow roots (all current ones; not jsdom). */
export function canAdoptSheets(): boolean {
  return (
    typeof CSSStyleSheet === 'function' &&
    typeof ShadowRoot === 'function' &&
    'adoptedStyleSheets' in ShadowRoot.prototype &&
    'replaceSync' in CSSStyleSheet.prototype
  )
}

/** The one sheet for `css`, built on first use. */
export function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css)
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    sheets.set(css, sheet)
  }
  return sheet
}

/**
 * Adds `sheet` to `root`'s adopted sheets (after those already there: a view's rules follow the
 * shell's, as its `<style>` did) and returns the release; the sheet leaves the root when its last
 * user releases it.
 */
export function adoptSheet(root: ShadowRoot, sheet: CSSStyleSheet): () => void {
  let counts = users.get(root)
  if (!counts) users.set(root, (counts = new Map()))
  const count = counts.get(sheet) ?? 0
  counts.set(sheet, count + 1)
  if (count === 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
  let released = false
  return () => {
    if (released) return
    released = true
    const left = (counts.get(sheet) ?? 1) - 1
    if (left > 0) return void counts.set(sheet, left)
    counts.delete(sheet)
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet)
  }
}
