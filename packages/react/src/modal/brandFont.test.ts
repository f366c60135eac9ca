import { describe, expect, test } from 'vitest'
import { testPortico } from '../../../core/src/test/fakes.js'
import { brandFontUrl, loadBrandFont, type FontHost } from './brandFont.js'

/** Stand-ins for the browser's FontFace and document.fonts (Node has neither); the journey e2e/fonts.e2e.ts uses Chromium's. */
function fontHost({ fails = false } = {}) {
  const made: Array<{ family: string; source: string; descriptors: FontFaceDescriptors }> = []
  const added: unknown[] = []
  let release: () => void = () => {}
  const ready = new Promise<void>((resolve) => (release = resolve))
  class StandInFontFace {
    constructor(
      readonly family: string,
      source: string,
      descriptors: FontFaceDescriptors,
    ) {
      made.push({ family, source, descriptors })
    }
    async load() {
      await ready
      if (fails) throw new Error('NetworkError')
      return this
    }
  }
  const host = { FontFace: StandInFontFace, fonts: { add: (face: unknown) => added.push(face) } } as unknown as FontHost
  return { host, made, added, release }
}

const withServer = (overrides = {}) => testPortico({ apiUrl: 'https://portico.example/api', projectId: 'p1', ...overrides }).portico

describe("SPEC §7 'Fonts are preloaded from a fonts host'", () => {
  test('rule: the brand font comes from the Portico server (apiUrl), only when the theme font is Inter', () => {
    expect(brandFontUrl(withServer())).toBe('https://portico.example/api/fonts/inter-latin-wght-normal.woff2')
    expect(brandFontUrl(testPortico().portico)).toBeUndefined()
    expect(brandFontUrl(withServer({ themeVariables: { fontFamily: 'Georgia, serif' } }))).toBeUndefined()
    expect(brandFontUrl(withServer({ themeVariables: { fontFamily: "'Inter', sans-serif" } }))).toBeDefined()
  })

  test('rule: no layout shift — a font that arrives while the modal is open joins the page only once it closes', async () => {
    const portico = withServer()
    const { host, made, added, release } = fontHost()
    portico.stores.modal.setState({ open: true })
    const pending = loadBrandFont(portico, host)
    expect(made).toMatchObject([
      {
        family: 'Inter',
        source: 'url("https://portico.example/api/fonts/inter-latin-wght-normal.woff2") format(\'woff2\')',
        descriptors: { weight: '100 900' },
      },
    ])
    release()
    await pending
    expect(added).toHaveLength(0)
    portico.stores.modal.setState({ open: false })
    expect(added).toHaveLength(1)
  })

  test('behavior: loaded while the modal is closed, the face joins at once; asked again, nothing is fetched twice', async () => {
    const portico = withServer()
    const { host, made, added, release } = fontHost()
    release()
    await loadBrandFont(portico, host)
    await loadBrandFont(portico, host)
    expect(made).toHaveLength(1)
    expect(added).toHaveLength(1)
  })

  test('behavior: without apiUrl nothing is requested; a font that fails leaves the fallback fonts', async () => {
    const none = fontHost()
    expect(await loadBrandFont(testPortico().portico, none.host)).toBeUndefined()
    expect(none.made).toHaveLength(0)
    const failing = fontHost({ fails: true })
    failing.release()
    expect(await loadBrandFont(withServer(), failing.host)).toBeUndefined()
    expect(failing.added).toHaveLength(0)
  })
})
