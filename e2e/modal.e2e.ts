import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'

const { newWalletContext, openDemo, stack } = useJourney()

describe('the modal shell', () => {
  test('role=dialog with a name, focus trapped inside, Escape closes and focus returns to the button', async () => {
    const context = await newWalletContext()
    const page = await openDemo(context)
    await connectButton(page).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect.poll(() => dialog.count()).toBe(1)
    expect(await dialog.getAttribute('aria-modal')).toBe('true')

    const focusedInside = () =>
      page.evaluate(() => {
        let el: Element | null = document.activeElement
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
        return Boolean(el?.closest('[role=dialog]'))
      })
    await expect.poll(focusedInside).toBe(true)
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      expect(await focusedInside()).toBe(true)
    }
    await page.keyboard.press('Shift+Tab')
    expect(await focusedInside()).toBe(true)

    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    const focusedButton = await page.evaluate(() => {
      const host = document.activeElement
      return host?.shadowRoot?.activeElement?.textContent
    })
    expect(focusedButton).toBe('Connect Wallet')
    await context.close()
  })

  test('a backdrop click closes; a click inside does not', async () => {
    const context = await newWalletContext()
    const page = await openDemo(context)
    await connectButton(page).click()
    await modal(page).getByRole('heading').click()
    expect(await modal(page).count()).toBe(1)
    await page.mouse.click(20, 700)
    await expect.poll(() => modal(page).count()).toBe(0)
    await context.close()
  })

  test('is 370 px wide on desktop and a bottom sheet on a narrow screen', async () => {
    const context = await newWalletContext({}, { viewport: { width: 390, height: 844 } })
    const page = await openDemo(context)
    await connectButton(page).click()
    // Polled: the sheet slides up for 150 ms before it rests on the bottom edge.
    await expect
      .poll(async () => {
        const box = (await modal(page).boundingBox())!
        return [box.width, Math.round(box.y + box.height)]
      })
      .toEqual([390, 844])
    await page.setViewportSize({ width: 1200, height: 800 })
    await expect.poll(async () => (await modal(page).boundingBox())!.width).toBe(370)
    await context.close()
  })

  test('host CSS cannot reach the modal (shadow root) and the theme variables apply', async () => {
    const context = await newWalletContext()
    const page = await openDemo(context, '?theme=light')
    await connectButton(page).click()
    // The demo's own stylesheet paints every <button> yellow with red text.
    const item = modal(page).getByRole('button', { name: /Portico Test Wallet/ })
    const style = await item.evaluate((el) => {
      const s = getComputedStyle(el)
      return { color: s.color, background: s.backgroundColor }
    })
    expect(style.background).not.toBe('rgb(255, 255, 0)')
    expect(style.color).not.toBe('rgb(255, 0, 0)')
    const card = await modal(page).evaluate((el) => getComputedStyle(el).backgroundColor)
    expect(channels(card).every((c) => c > 0.9)).toBe(true) // light theme: a near-white card
    await context.close()
  })

  test('opened with a mouse click: focus is inside the dialog, Escape closes it and focus returns to the button', async () => {
    const context = await newWalletContext()
    const page = await openDemo(context)
    await connectButton(page).click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect.poll(() => dialog.count()).toBe(1)
    await expect.poll(() => focusedInDialog(page)).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await focusedInButton(page)).toBe('Connect Wallet')

    // Again after a view change has removed the focused control: Escape still closes.
    await connectButton(page).click()
    await expect.poll(() => focusedInDialog(page)).toBe(true)
    await modal(page).getByTestId('wallet-dev.portico.testwallet').click()
    await page.locator('[data-view=ConnectingExternal]').waitFor()
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    await context.close()
  })

  test('a mouse opens it as the button is pressed: shown before the release, focus inside; the release changes nothing', async () => {
    const context = await newWalletContext()
    const page = await openDemo(context)
    const box = (await connectButton(page).boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect.poll(() => dialog.count()).toBe(1)
    await expect.poll(() => focusedInDialog(page)).toBe(true)
    await page.mouse.up()
    await page.waitForTimeout(300)
    expect([await dialog.count(), await focusedInDialog(page)]).toEqual([1, true])
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await focusedInButton(page)).toBe('Connect Wallet')
    // A right press opens nothing; the keyboard's click (Enter) still opens it.
    await page.mouse.down({ button: 'right' })
    await page.mouse.up({ button: 'right' })
    await page.waitForTimeout(300)
    expect(await dialog.count()).toBe(0)
    await page.keyboard.press('Enter')
    await expect.poll(() => dialog.count()).toBe(1)
    await context.close()
  })

  test('the modal is not in the first load; its chunk, with the Connect view, loads before the first open; closed, it stays ready and opening reveals it', async () => {
    const context = await newWalletContext()
    const page = await context.newPage()
    const scripts: string[] = []
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname))
    // The modal's chunk is held back: the page and its button do not wait for it.
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/Modal-[\w-]+\.js$/, async (route) => {
      await released
      await route.continue()
    })
    await page.goto(stack.demoUrl)
    await connectButton(page).waitFor()
    expect(await connectButton(page).isEnabled()).toBe(true)
    release()
    // Loaded when the page is idle, without a click.
    await expect.poll(() => scripts.some((s) => /\/Modal-/.test(s))).toBe(true)
    await page.waitForLoadState('networkidle')
    const before = scripts.length
    await connectButton(page).click()
    await modal(page).getByTestId('wallet-dev.portico.testwallet').waitFor()
    expect(scripts.slice(before).filter((s) => /\/(Modal|Connect)-/.test(s))).toEqual([])

    // Closed on the Connect view, the dialog stays rendered, hidden and inert; opening again reveals the same elements.
    const card = page.locator('[role=dialog]')
    await card.evaluate((element) => ((element as HTMLElement & { mark?: number }).mark = 1))
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    expect(await card.evaluate((element) => [Boolean(element.closest('[inert]')), getComputedStyle(element).visibility])).toEqual([true, 'hidden'])
    await connectButton(page).click()
    await expect.poll(() => page.getByRole('dialog', { name: 'Connect Wallet' }).count()).toBe(1)
    expect(await card.evaluate((element) => (element as HTMLElement & { mark?: number }).mark)).toBe(1)
    await context.close()
  })
})

function focusedInDialog(page: Page) {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    return Boolean(el?.closest('[role=dialog]'))
  })
}

/** The text of the focused button inside the Connect button's shadow root. */
function focusedInButton(page: Page) {
  return page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.textContent)
}

/** 'rgb(249, 249, 249)' or 'color(srgb 0.97 0.97 0.97)' → channels in 0..1 */
function channels(color: string): number[] {
  const numbers = color.match(/[\d.]+/g)!.map(Number)
  return color.startsWith('rgb') ? numbers.slice(0, 3).map((n) => n / 255) : numbers.slice(0, 3)
}
