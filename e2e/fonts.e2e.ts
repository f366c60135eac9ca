import { describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'

const { newWalletContext, openDemo, stack } = useJourney()
const FONT = '/fonts/inter-latin-wght-normal.woff2'

/** Whether the page's font set holds a loaded Inter face (the modal's text then renders in it). */
const interInPage = 'Promise.resolve([...document.fonts].some((f) => f.family.replace(/"/g, "") === "Inter" && f.status === "loaded"))'

describe("SPEC §7 'Fonts are preloaded from a fonts host'", () => {
  test('rule: the brand font comes from the Portico server once the modal opens (no request before); it joins the page only while the modal is closed (no layout shift)', async () => {
    const page = await openDemo(await newWalletContext())
    const fonts: Array<{ url: string; status: number }> = []
    page.on('response', (response) => response.url().includes('/fonts/') && fonts.push({ url: response.url(), status: response.status() }))
    await connectButton(page).waitFor()
    // The page is idle (the modal's code has loaded ahead): still no font request.
    await page.waitForTimeout(2_000)
    expect(fonts).toEqual([])

    await connectButton(page).click()
    await modal(page).waitFor()
    await expect.poll(() => fonts, { timeout: 10_000 }).toEqual([{ url: `${stack.apiUrl}${FONT}`, status: 200 }])
    // Loaded while the modal is open: the open modal's text keeps its font.
    await page.waitForTimeout(500)
    expect(await page.evaluate(interInPage)).toBe(false)

    await page.keyboard.press('Escape')
    await expect.poll(() => modal(page).count()).toBe(0)
    await expect.poll(() => page.evaluate(interInPage)).toBe(true)
    await connectButton(page).click()
    await modal(page).waitFor()
    expect(await page.evaluate('document.fonts.check("600 16px Inter")')).toBe(true)
    expect(fonts).toHaveLength(1)
    await page.context().close()
  })
})
