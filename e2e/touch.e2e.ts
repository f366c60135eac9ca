import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'

const { newWalletContext, openDemo } = useJourney()
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

/**
 * A finger on the screen: touch events through the DevTools protocol (Chromium makes pointer events
 * of them), each stamped with its own time, so the gesture's speed is what the test says even when
 * a busy machine delivers the events late.
 */
async function swipe(page: Page, from: { x: number; y: number }, dy: number, { steps = 8, ms = 120, hold = 0 } = {}) {
  const cdp = await page.context().newCDPSession(page)
  const t0 = Date.now() / 1000
  const at = (ms: number) => t0 + ms / 1000
  const point = (y: number) => [{ x: from.x, y, id: 1 }]
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from.y), timestamp: at(0) })
  for (let i = 1; i <= steps; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(from.y + (dy * i) / steps), timestamp: at((ms * i) / steps) })
  // A finger that rests before lifting leaves no fling behind (a fling swallows the next tap as its stop).
  if (hold) await page.waitForTimeout(hold)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: at(ms + hold) })
  await cdp.detach()
}

async function openSheet(page: Page) {
  await connectButton(page).tap({ timeout: 5000 })
  // Polled: the sheet slides up before it rests on the bottom edge.
  await expect.poll(async () => Math.round((await sheetBox(page)).bottom)).toBe(844)
  return sheetBox(page)
}

async function sheetBox(page: Page) {
  const box = (await modal(page).boundingBox({ timeout: 3000 }))!
  return { top: box.y, bottom: box.y + box.height, x: box.x + box.width / 2 }
}

/** Every visible control of the open dialog that is smaller than 44 × 44 px. */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const root = [...document.querySelectorAll('portico-host')].find((h) => h.shadowRoot?.querySelector('[role=dialog]'))!.shadowRoot!
    return (
      [...root.querySelectorAll<HTMLElement>('button, a[href], input, [role=tab]')]
        .filter((el) => el.checkVisibility({ visibilityProperty: true }) && !el.closest('[inert]'))
        // WCAG 2.5.8's inline exception: the links inside the footer's sentence keep the text's line height.
        .filter((el) => !(el.tagName === 'A' && el.closest('.footer')))
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width < 43.5 || r.height < 43.5)
        .map(
          ({ el, r }) =>
            `${el.dataset.testid ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)} ${Math.round(r.width)}×${Math.round(r.height)}`,
        )
    )
  })
}

describe('touch and motion (bottom sheet ≤ 430 px)', () => {
  test('a short drag down settles back; a long one, and a quick flick, close the sheet', async () => {
    const page = await openDemo(await newWalletContext({}, PHONE))
    const rest = await openSheet(page)
    // On the header, beside the title: a drag of 60 px is not enough.
    await swipe(page, { x: rest.x, y: rest.top + 30 }, 60)
    await expect.poll(async () => Math.round((await sheetBox(page)).top)).toBe(Math.round(rest.top))
    expect(await modal(page).count()).toBe(1)
    // 250 px down, then the finger rests before lifting: closed, by distance alone.
    await swipe(page, { x: rest.x, y: rest.top + 30 }, 250, { hold: 200 })
    await expect.poll(() => modal(page).count()).toBe(0)
    const again = await openSheet(page)
    // A flick: 60 px in 30 ms.
    await swipe(page, { x: again.x, y: again.top + 8 }, 60, { steps: 3, ms: 30 })
    await expect.poll(() => modal(page).count()).toBe(0)
    await page.context().close()
  })

  test('every control is at least 44 × 44 px on a phone: Connect and Account', async () => {
    const page = await openDemo(await newWalletContext({ autoApprove: true }, PHONE))
    await openSheet(page)
    expect(await smallTargets(page)).toEqual([])
    await modal(page).getByTestId('wallet-dev.portico.testwallet').tap()
    await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
    await connectButton(page).tap()
    await modal(page).getByTestId('account-balance').filter({ hasText: 'ETH' }).waitFor()
    expect(await smallTargets(page)).toEqual([])
    await modal(page).getByTestId('feature-send').tap()
    await modal(page).getByTestId('wallet-send').waitFor()
    expect(await smallTargets(page)).toEqual([])
    await page.context().close()
  })

  test('reduced motion: no sliding or scaling animation, and the snack is announced by a live region', async () => {
    const context = await newWalletContext({ autoApprove: true }, { ...PHONE, reducedMotion: 'reduce' })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const page = await openDemo(context)
    await connectButton(page).tap()
    await modal(page).waitFor()
    const durations = await modal(page).evaluate((card) => {
      const root = card.getRootNode() as ShadowRoot
      const of = (el: Element | null) => (el ? getComputedStyle(el).animationDuration : 'none')
      return [of(card), of(root.querySelector('.overlay')), of(root.querySelector('.view'))]
    })
    expect(durations.every((d) => d === 'none' || Number.parseFloat(d) <= 0.001)).toBe(true)

    await modal(page).getByTestId('wallet-dev.portico.testwallet').tap()
    await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
    await connectButton(page).tap()
    await modal(page).getByTestId('account-address').tap()
    // SPEC §3 snack: success and loading politely, errors assertively; the visible snack itself is hidden from screen readers.
    await expect.poll(() => modal(page).getByTestId('snack-announce-polite').textContent()).toBe('Address copied')
    expect(await modal(page).getByTestId('snack-announce-polite').getAttribute('aria-live')).toBe('polite')
    expect(await modal(page).getByTestId('snack-announce-assertive').textContent()).toBe('')
    await page.context().close()
  })
})
