import type { Browser, Page } from 'playwright-core'
import { createRequire } from 'node:module'
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { connectButton, launchBrowser, modal, newWalletContext, openDemo, type ThirdPartyStorage } from './support/browser.js'
import { FRAME, uniqueEmail } from './support/embedded.js'

/**
 * Issue 28 'The frame on another site': the demo on http://127.0.0.1, the secure frame on
 * http://localhost (another site, as in production). Where the browser blocks the frame's
 * third-party storage, or the secure origin does not answer, the modal says so within 5 s under
 * the APKT003 banner, with Retry; the typed email stays in the field and the field is usable.
 */
const stack = { demoUrl: inject('demoUrl'), apiUrl: inject('apiUrl'), chains: inject('chains'), solana: inject('solana') }
const secureFrameUrl = inject('secureFrameUrl')
const SHOTS = `${fileURLToPath(new URL('..', import.meta.url))}screenshots/frame-start`
const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source
const browsers = new Map<ThirdPartyStorage, Browser>()

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  for (const mode of ['partitioned', 'blocked'] as const) browsers.set(mode, await launchBrowser({ thirdPartyStorage: mode }))
})
afterAll(async () => {
  for (const browser of browsers.values()) await browser.close()
})

async function open(mode: ThirdPartyStorage, { query = '', viewport }: { query?: string; viewport?: { width: number; height: number } } = {}) {
  const context = await newWalletContext(stack, browsers.get(mode)!, {}, viewport ? { viewport } : {})
  return { context, page: () => openDemo(stack, context, query) }
}

/** Types the email and submits it; resolves with the time from the submit to the failure panel. */
async function submitUntilFailure(page: Page, email: string) {
  await connectButton(page).click()
  const dialog = modal(page)
  await dialog.getByTestId('email-input').fill(email)
  const started = Date.now()
  await dialog.getByTestId('email-submit').click()
  await dialog.getByTestId('frame-start-failed').waitFor({ timeout: 10_000 })
  return Date.now() - started
}

async function expectUsableField(page: Page, email: string) {
  const dialog = modal(page)
  expect(await dialog.getByTestId('email-input').inputValue()).toBe(email)
  expect(await dialog.getByTestId('email-input').isEditable()).toBe(true)
  expect(await dialog.getByTestId('email-submit').isEnabled()).toBe(true)
  expect(await dialog.locator('.email-submit [role=progressbar]').count()).toBe(0)
  expect(await dialog.getByTestId('portico-alert').getAttribute('data-code')).toBe('APKT003')
  expect(await dialog.getByTestId('portico-alert').textContent()).toBe('Network Error: Wallet Load Failed')
}

async function seriousAxeFindings(page: Page) {
  await page.addScriptTag({ content: axeSource })
  return page.evaluate(async () => {
    const host = [...document.querySelectorAll('portico-host')].find((h) => h.shadowRoot?.querySelector('[role=dialog]'))!
    const axe = (window as unknown as { axe: { run(c: Element, o: object): Promise<{ violations: Array<{ id: string; impact: string }> }> } }).axe
    const { violations } = await axe.run(host, { resultTypes: ['violations'] })
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)
  })
}

describe('issue 28: the secure frame on another site', () => {
  test('partitioned third-party storage (Chrome, Firefox, Safari by default): the cross-site frame starts and the email login reaches the code step', async () => {
    expect(new URL(stack.demoUrl).hostname).toBe('127.0.0.1')
    expect(new URL(secureFrameUrl).hostname).toBe('localhost')
    const { context, page: openPage } = await open('partitioned')
    const page = await openPage()
    await connectButton(page).click()
    const dialog = modal(page)
    await dialog.getByTestId('email-input').fill(uniqueEmail('crosssite'))
    await dialog.getByTestId('email-submit').click()
    await dialog.getByTestId('email-otp').waitFor({ timeout: 30_000 })
    expect(await page.locator(FRAME).getAttribute('src')).toMatch(/^http:\/\/localhost:\d+\/frame\?/)
    await context.close()
  })

  test("third-party storage blocked: the message and Retry within 5 s, not a spinner; the frame's storage-access button is asked on the click, refused, and goes; Retry tries a new frame; the email stays", async () => {
    const email = uniqueEmail('blocked')
    const { context, page: openPage } = await open('blocked')
    const page = await openPage()
    const errors: string[] = []
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
    const took = await submitUntilFailure(page, email)
    expect(took).toBeLessThan(5_000)
    const dialog = modal(page)
    expect(await dialog.getByTestId('frame-start-failed').getAttribute('data-reason')).toBe('storage')
    expect(await dialog.getByTestId('frame-start-failed').textContent()).toContain('This browser blocks storage for the wallet’s secure site.')
    await expectUsableField(page, email)

    // This Chromium offers the Storage Access API: the frame's own button, laid over the panel's slot.
    const allow = page.frameLocator(FRAME).getByTestId('frame-storage-access')
    await allow.waitFor({ timeout: 5_000 })
    expect(await allow.textContent()).toBe('Allow storage access')
    // Over the slot once the modal's animation has settled.
    const offset = async () => {
      const [slot, frame] = await Promise.all([dialog.getByTestId('storage-access-slot').boundingBox(), page.locator(FRAME).boundingBox()])
      return slot && frame ? Math.max(Math.abs(frame.y - slot.y), Math.abs(frame.x - slot.x), Math.abs(frame.width - slot.width)) : Infinity
    }
    await expect.poll(offset, { timeout: 3_000 }).toBeLessThan(2)
    // Asked on the click in the frame; Chromium refuses (the secure site was never visited top-level): the button goes.
    await allow.click()
    await dialog.getByTestId('storage-access-slot').waitFor({ state: 'detached', timeout: 5_000 })
    expect(await page.locator(FRAME).count()).toBe(0)
    expect(await dialog.getByTestId('frame-start-failed').isVisible()).toBe(true)
    expect(await seriousAxeFindings(page)).toEqual([])

    // Retry: a new frame, refused again, the same message; the email is still there.
    await dialog.getByTestId('frame-retry').click()
    await dialog.getByTestId('storage-access-slot').waitFor({ timeout: 5_000 })
    await expectUsableField(page, email)
    expect(errors.filter((e) => e.includes('failed to start'))).toEqual([])
    await context.close()
  })

  test("storage access granted (the permission set over CDP) yet no storage in this Chromium: the request without a click never answers, the frame's button still comes in time; the click's grant opens nothing, the button goes", async () => {
    const email = uniqueEmail('granted')
    const { context, page: openPage } = await open('blocked')
    const page = await openPage()
    const cdp = await browsers.get('blocked')!.newBrowserCDPSession()
    const { browserContextIds } = await cdp.send('Target.getBrowserContexts')
    const [host, frame] = [new URL(stack.demoUrl).origin, new URL(secureFrameUrl).origin]
    for (const browserContextId of browserContextIds)
      for (const [origin, embeddedOrigin] of [
        [frame, host],
        [host, frame],
      ])
        await cdp.send('Browser.setPermission', { permission: { name: 'storage-access' }, setting: 'granted', origin, embeddedOrigin, browserContextId })
    const took = await submitUntilFailure(page, email)
    expect(took).toBeLessThan(5_000)
    const allow = page.frameLocator(FRAME).getByTestId('frame-storage-access')
    await allow.waitFor({ timeout: 5_000 })
    await allow.click()
    await modal(page).getByTestId('storage-access-slot').waitFor({ state: 'detached', timeout: 10_000 })
    await expectUsableField(page, email)
    await cdp.detach()
    await context.close()
  })

  test('the secure origin unreachable: the message and Retry within 5 s; the email stays; Retry once it answers reaches the code step', async () => {
    const email = uniqueEmail('unreachable')
    const { context, page: openPage } = await open('partitioned')
    await context.route(`${secureFrameUrl}/frame**`, (route) => route.abort('connectionrefused'))
    const page = await openPage()
    const took = await submitUntilFailure(page, email)
    expect(took).toBeLessThan(5_000)
    const dialog = modal(page)
    expect(await dialog.getByTestId('frame-start-failed').getAttribute('data-reason')).toBe('unreachable')
    expect(await dialog.getByTestId('frame-start-failed').textContent()).toContain('The wallet’s secure site did not answer.')
    await expectUsableField(page, email)
    expect(await seriousAxeFindings(page)).toEqual([])

    await context.unroute(`${secureFrameUrl}/frame**`)
    await dialog.getByTestId('frame-retry').click()
    await dialog.getByTestId('email-otp').waitFor({ timeout: 30_000 })
    expect(await dialog.getByTestId('portico-alert').count()).toBe(0)
    await context.close()
  })

  test("the frame blocked by the host page's CSP (frame-src without the secure origin): the same message within 5 s", async () => {
    const email = uniqueEmail('cspblocked')
    const { context, page: openPage } = await open('partitioned')
    // The demo's document with a policy that allows no frames from the secure origin.
    await context.route(stack.demoUrl, async (route) => {
      const response = await route.fetch()
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': "frame-src 'self'" } })
    })
    const page = await openPage()
    const took = await submitUntilFailure(page, email)
    expect(took).toBeLessThan(5_000)
    expect(await modal(page).getByTestId('frame-start-failed').getAttribute('data-reason')).toBe('unreachable')
    await expectUsableField(page, email)
    await context.close()
  })

  test('screenshots: the storage failure in dark and light, desktop and 360 px', async () => {
    for (const [theme, viewport] of [
      ['dark', { width: 1100, height: 760 }],
      ['light', { width: 1100, height: 760 }],
      ['dark', { width: 360, height: 740 }],
      ['light', { width: 360, height: 740 }],
    ] as const) {
      const { context, page: openPage } = await open('blocked', { query: `?theme=${theme}`, viewport })
      const page = await openPage()
      await submitUntilFailure(page, 'ada@example.com')
      await page.frameLocator(FRAME).getByTestId('frame-storage-access').waitFor({ timeout: 5_000 })
      await page.waitForTimeout(400) // the modal's height animation and the frame laid over its slot
      await page.screenshot({ path: `${SHOTS}/storage-${theme}-${viewport.width}.png` })
      if (viewport.width === 360 && theme === 'dark') {
        await page.frameLocator(FRAME).getByTestId('frame-storage-access').click()
        await modal(page).getByTestId('storage-access-slot').waitFor({ state: 'detached', timeout: 5_000 })
        await page.screenshot({ path: `${SHOTS}/storage-refused-${theme}-${viewport.width}.png` })
      }
      await context.close()
    }
    // Arabic, right to left: the panel's texts and the frame's own button (the frame reads the locale from its URL).
    const { context, page: openPage } = await open('blocked', { query: '?theme=light&locale=ar', viewport: { width: 360, height: 740 } })
    const page = await openPage()
    await submitUntilFailure(page, 'ada@example.com')
    const allow = page.frameLocator(FRAME).getByTestId('frame-storage-access')
    await allow.waitFor({ timeout: 5_000 })
    expect(await allow.textContent()).toBe('السماح بالوصول إلى التخزين')
    expect(await modal(page).getByTestId('frame-retry').textContent()).toBe('إعادة المحاولة')
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${SHOTS}/storage-light-360-ar.png` })
    await context.close()
  })
})
