// The dev project without its smart-account networks: this stack deploys no ERC-4337 contracts.
import { EOA_DEV_PROJECT } from './support/projects.js'
import { startTestServer } from '@portico/server/testing'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build, preview, type PreviewServer } from 'vite'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { connectButton, launchBrowser, modal, newWalletContext } from './support/browser.js'
import { embeddedHelpers, FRAME, uniqueEmail } from './support/embedded.js'

/**
 * Custody journeys (packages/secure-frame/CUSTODY.md) in Chromium: a passkey added from the
 * Account view (the WebAuthn ceremony runs in the secure frame, on Chromium's virtual
 * authenticator with PRF), then a new device with the passkey (the same wallet) and one with
 * the mailbox only (refused, with a clear message); the approval mail names the request.
 *
 * A passkey's RP id must be a domain, not an IP, so this file runs its own server whose secure
 * origin is http://localhost:<port>; the demo (built for it) is on http://127.0.0.1:<port>: another
 * site, as in production (issue 28), so the WebAuthn ceremonies run in a third-party frame (the
 * host's `allow` grants it publickey-credentials-create/get) with partitioned storage.
 */
const stack = { chains: inject('chains') }
const root = fileURLToPath(new URL('..', import.meta.url))
const SHOTS = `${root}/screenshots/custody`
let server: Awaited<ReturnType<typeof startTestServer>>
let site: PreviewServer
let demoUrl: string
let frameOrigin: string
let browser: Awaited<ReturnType<typeof launchBrowser>>

beforeAll(async () => {
  server = await startTestServer({
    rpcUrls: Object.fromEntries(stack.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
    projects: [EOA_DEV_PROJECT],
    devRoutes: true,
    secureFrame: { port: 0, publicHost: 'localhost' },
    devMailCatcher: { port: 0 },
    rateLimits: { perIpPerMinute: 100_000, perProjectPerMinute: 100_000 },
    auth: { sendCooldownMs: 1000 },
    indexer: { enabled: false, pollMs: 1000, batchBlocks: 1, backfillBlocks: 1 },
  })
  frameOrigin = server.embedded!.secureFrameUrl
  for (const chain of stack.chains) process.env[`VITE_DEVNET_RPC_${chain.chainId}`] = chain.rpcUrl
  process.env.VITE_PORTICO_API_URL = server.url
  process.env.VITE_PORTICO_SECURE_FRAME_URL = frameOrigin
  process.env.VITE_PORTICO_FRAME_URL = frameOrigin
  const outDir = `${root}/e2e/.custody-demo-dist`
  await build({ root: `${root}/apps/demo`, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
  delete process.env.VITE_PORTICO_FRAME_URL
  site = await preview({ root: `${root}/apps/demo`, logLevel: 'warn', build: { outDir }, preview: { port: 0, host: '127.0.0.1', strictPort: false } })
  demoUrl = `http://127.0.0.1:${(site.httpServer.address() as { port: number }).port}/`
  mkdirSync(SHOTS, { recursive: true })
  browser = await launchBrowser()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await new Promise<void>((resolve) => (site ? site.httpServer.close(() => resolve()) : resolve()))
  await server?.close()
})

const helpers = () => embeddedHelpers({ apiUrl: server.url, chains: stack.chains })

/** A profile with Chromium's virtual authenticator (CTAP2, internal, resident keys, UV, PRF). */
async function profile(viewport?: {
  width: number
  height: number
}): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; authenticatorId: string }> {
  const context = await newWalletContext({ demoUrl, chains: stack.chains }, browser, {}, { viewport })
  const page = await context.newPage()
  page.on('pageerror', (error) => console.error('[page error]', error.message))
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, hasPrf: true },
  })
  return { context, page, cdp, authenticatorId }
}

const frame = (page: Page) => page.frameLocator(FRAME)

/**
 * This profile's site data gone, the authenticator kept: the demo's origin and the frame's storage.
 * The frame is a third-party frame here, so its storage is partitioned under the demo's site: it is
 * cleared by its storage key (read from the frame itself), not by its origin alone.
 */
async function forgetDevice({ page, cdp }: { page: Page; cdp: CDPSession }) {
  const secure = page.frames().find((f) => f.url().startsWith(`${frameOrigin}/`))
  if (secure) {
    const session = await page.context().newCDPSession(secure)
    const { frameTree } = await session.send('Page.getFrameTree')
    const { storageKey } = await session.send('Storage.getStorageKeyForFrame', { frameId: frameTree.frame.id })
    await session.send('Storage.clearDataForStorageKey', { storageKey, storageTypes: 'all' })
    await session.detach()
  }
  await page.goto('about:blank')
  for (const origin of [new URL(demoUrl).origin, frameOrigin]) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
}

/** Clicks a button of the frame's own screen once its short delay has passed. */
async function clickInFrame(page: Page, testId: string) {
  const button = frame(page).getByTestId(testId)
  await button.waitFor({ timeout: 20_000 })
  await expect.poll(() => button.isEnabled(), { timeout: 5_000 }).toBe(true)
  await button.click()
}

/** Email login on a device the wallet has not seen: the code, then the approval link in the mail. */
async function loginOnNewDevice(page: Page, email: string) {
  const { inbox, codeFrom } = helpers()
  const before = (await inbox(email)).length
  await connectButton(page).click()
  const dialog = modal(page)
  await dialog.getByTestId('email-input').fill(email)
  await dialog.getByTestId('email-submit').click()
  await dialog.getByTestId('email-otp').waitFor({ timeout: 30_000 })
  await dialog.getByTestId('otp-input').fill(await codeFrom(email, before))
  await dialog.getByTestId('otp-submit').click()
  await dialog.getByTestId('email-device').waitFor({ timeout: 30_000 })
  const shown = (await dialog.getByTestId('email-match-code').locator('strong').textContent())!
  await expect.poll(async () => (await inbox(email)).length, { timeout: 20_000 }).toBe(before + 2)
  const mail = (await inbox(email))[before + 1]!
  const link = /https?:\/\/\S+\/auth\/device\/approve\S*/.exec(mail.text)![0]
  const approval = await page.context().newPage()
  await approval.goto(link)
  const pageCode = await approval.locator('[data-field=code]').textContent()
  await approval.getByRole('button', { name: 'Approve device' }).click()
  await approval.getByText('Device approved').waitFor()
  await approval.close()
  return { shown, mail, pageCode }
}

describe('custody: a passkey protects the embedded wallet', () => {
  test('add a passkey in Account → Wallet security; a new device opens the wallet with it (same address); the mailbox alone is refused; the approval mail names the request', async () => {
    const { emailLogin } = helpers()
    const email = uniqueEmail('passkey')
    const a = await profile()
    await a.page.goto(demoUrl)
    const address = await emailLogin(a.page, email)

    // Account → Wallet security → Add a passkey: the frame's own screen, the ceremony on its origin.
    await connectButton(a.page).click()
    const dialog = modal(a.page)
    await dialog.getByTestId('account-security').click()
    await expect.poll(() => dialog.getByTestId('security-status').getAttribute('data-protected'), { timeout: 20_000 }).toBe('false')
    await dialog.getByTestId('security-add-passkey').click()
    await dialog.getByTestId('embedded-factor').waitFor()
    await clickInFrame(a.page, 'frame-factor-create-passkey')
    await expect.poll(() => dialog.getByTestId('security-status').getAttribute('data-protected'), { timeout: 30_000 }).toBe('true')
    expect(await dialog.getByTestId('factor-passkey').count()).toBe(1)
    const credentials = (await a.cdp.send('WebAuthn.getCredentials', { authenticatorId: a.authenticatorId })).credentials
    expect(credentials).toHaveLength(1)
    expect(credentials[0]!.rpId).toBe('localhost') // the secure origin's host
    // The notice of the change reached the mailbox.
    await expect
      .poll(async () => (await helpers().inbox(email)).some((m) => m.subject === 'A passkey now protects your Portico wallet'), { timeout: 10_000 })
      .toBe(true)

    // The same authenticator on a device the wallet has not seen: this profile's site data gone
    // (a new device key, no device share, no session), the passkey still there.
    // (Chromium's WebAuthn.getCredentials/addCredential carry no PRF secret, so an imported
    // credential cannot stand in for a synced passkey; the authenticator itself stays.)
    await forgetDevice(a)
    await a.page.goto(demoUrl)
    expect(await a.page.getByTestId('site-status').textContent()).toBe('disconnected')
    const newDevice = await loginOnNewDevice(a.page, email)
    expect(newDevice.pageCode).toBe(newDevice.shown)
    // The approval mail names the site, device, browser, place and time, and the modal's code.
    const text = newDevice.mail.text
    expect(text).toContain(`Site:    ${new URL(demoUrl).origin} (Portico Demo)`)
    expect(text).toMatch(/Device: +Linux computer/)
    expect(text).toMatch(/Browser: +Chrome \d+ \(headless\)/)
    expect(text).toMatch(/Place: +IP (127\.0\.0\.1|::ffff:127\.0\.0\.1|::1) — approximate place unavailable/)
    expect(text).toMatch(/Time: +\d{4}-\d\d-\d\d \d\d:\d\d UTC/)
    expect(text).toContain(`Code:    ${newDevice.shown}`)
    // The unlock screen, drawn by the frame; the passkey answers there.
    await modal(a.page).getByTestId('embedded-factor').waitFor({ timeout: 20_000 })
    await frame(a.page).getByTestId('frame-factor-unlock').waitFor()
    await clickInFrame(a.page, 'frame-factor-use-passkey')
    await expect.poll(() => a.page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(address)
    await expect
      .poll(async () => (await helpers().inbox(email)).some((m) => m.subject === 'Your Portico wallet was opened on a new device'), { timeout: 10_000 })
      .toBe(true)
    await a.context.close()

    // A fresh profile with the mailbox only (its authenticator holds no passkey of this wallet).
    const b = await profile()
    await b.page.goto(demoUrl)
    await loginOnNewDevice(b.page, email)
    await frame(b.page).getByTestId('frame-factor-unlock').waitFor({ timeout: 20_000 })
    // Trying anyway: the authenticator has no such passkey.
    await clickInFrame(b.page, 'frame-factor-use-passkey')
    await expect.poll(() => frame(b.page).getByTestId('frame-factor-error').textContent(), { timeout: 30_000 }).toMatch(/passkey did not answer/)
    await clickInFrame(b.page, 'frame-factor-cancel')
    const refusal = modal(b.page).getByTestId('email-device-error')
    await expect
      .poll(() => refusal.textContent(), { timeout: 20_000 })
      .toMatch(/protected by a passkey\. Without it, this device cannot open the wallet: your email alone is not enough/)
    expect(await b.page.getByTestId('site-status').textContent()).toBe('disconnected')
    expect(await b.page.getByTestId('site-address').textContent()).not.toBe(address)
    await b.context.close()
  }, 240_000)

  test('a recovery password typed in the frame (never in the page): a new device needs it; a wrong one is refused', async () => {
    const { emailLogin } = helpers()
    const email = uniqueEmail('password')
    const a = await profile()
    await a.page.goto(demoUrl)
    const address = await emailLogin(a.page, email)
    await connectButton(a.page).click()
    const dialog = modal(a.page)
    await dialog.getByTestId('account-security').click()
    await dialog.getByTestId('security-add-password').click()
    const secret = 'correct horse battery staple'
    await frame(a.page).getByTestId('frame-factor-password').fill(secret)
    await frame(a.page).getByTestId('frame-factor-password-repeat').fill(secret)
    await clickInFrame(a.page, 'frame-factor-save-password')
    await expect.poll(() => dialog.getByTestId('security-status').getAttribute('data-protected'), { timeout: 60_000 }).toBe('true')
    // The host page never held the password: not in its DOM, storage or globals.
    const hostText = await a.page.evaluate(() => document.documentElement.outerHTML + JSON.stringify(localStorage) + JSON.stringify(sessionStorage))
    expect(hostText).not.toContain(secret)
    await a.context.close()

    const b = await profile()
    await b.page.goto(demoUrl)
    await loginOnNewDevice(b.page, email)
    await frame(b.page).getByTestId('frame-factor-unlock').waitFor({ timeout: 20_000 })
    await frame(b.page).getByTestId('frame-factor-password').fill('not the password at all')
    await clickInFrame(b.page, 'frame-factor-submit-password')
    await expect.poll(() => frame(b.page).getByTestId('frame-factor-error').textContent(), { timeout: 60_000 }).toBe('Wrong password')
    await frame(b.page).getByTestId('frame-factor-password').fill(secret)
    await clickInFrame(b.page, 'frame-factor-submit-password')
    await expect.poll(() => b.page.getByTestId('site-address').textContent(), { timeout: 60_000 }).toBe(address)
    await b.context.close()
  }, 240_000)
})

describe('custody screens (screenshots/custody)', () => {
  const sizes = { desktop: { width: 1100, height: 760 }, narrow: { width: 390, height: 844 } }
  // English in both themes and sizes; issue 19 'Languages': the frame's own screens in Arabic (right to left) and Japanese too.
  const cases = [
    ...(['dark', 'light'] as const).flatMap((theme) => (['desktop', 'narrow'] as const).map((size) => ({ theme, size, locale: 'en' }))),
    { theme: 'light', size: 'narrow', locale: 'ar' },
    { theme: 'dark', size: 'desktop', locale: 'ja' },
  ] as const
  for (const { theme, size, locale } of cases)
    test(`${theme} ${size}${locale === 'en' ? '' : ` ${locale}`}: Account entry, Wallet security, the frame's passkey, password and unlock screens`, async () => {
      const { emailLogin } = helpers()
      const viewport = sizes[size]
      const query = `?theme=${theme}${locale === 'en' ? '' : `&locale=${locale}`}`
      const email = uniqueEmail(`shots-${theme}-${size}-${locale}`)
      // After the modal's height and fade have settled.
      const shot = async (page: Page, name: string) => {
        await page.waitForTimeout(700)
        await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${size}${locale === 'en' ? '' : `-${locale}`}.png` })
      }
      const a = await profile(viewport)
      await a.page.goto(`${demoUrl}${query}`)
      await emailLogin(a.page, email)
      await connectButton(a.page).click()
      const dialog = modal(a.page)
      await dialog.getByTestId('account-security').waitFor()
      if (locale === 'en')
        await expect.poll(() => dialog.getByTestId('account-security').textContent(), { timeout: 20_000 }).toMatch(/so your email alone cannot open it/)
      await shot(a.page, 'Account-security-entry')
      await dialog.getByTestId('account-security').click()
      await dialog.getByTestId('security-add-passkey').waitFor()
      await shot(a.page, 'WalletSecurity-unprotected')
      await dialog.getByTestId('security-add-passkey').click()
      await frame(a.page).getByTestId('frame-factor-add-passkey').waitFor()
      await expect.poll(() => frame(a.page).getByTestId('frame-factor-create-passkey').isEnabled(), { timeout: 5_000 }).toBe(true)
      if (locale !== 'en') {
        expect(await frame(a.page).locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr')
        expect(await frame(a.page).getByTestId('frame-factor-create-passkey').textContent()).toBe(locale === 'ar' ? 'إنشاء مفتاح مرور' : 'パスキーを作成')
      }
      await shot(a.page, 'Frame-add-passkey')
      await clickInFrame(a.page, 'frame-factor-create-passkey')
      await expect.poll(() => dialog.getByTestId('security-status').getAttribute('data-protected'), { timeout: 30_000 }).toBe('true')
      await dialog.getByTestId('security-add-password').click()
      await frame(a.page).getByTestId('frame-factor-add-password').waitFor()
      await frame(a.page).getByTestId('frame-factor-password').fill('short')
      await frame(a.page).getByTestId('frame-factor-password-repeat').fill('short')
      await clickInFrame(a.page, 'frame-factor-save-password')
      await expect.poll(() => frame(a.page).getByTestId('frame-factor-error').textContent()).toMatch(locale === 'en' ? /at least 10/ : /10/)
      await shot(a.page, 'Frame-add-password-error')
      const secret = 'a long enough passphrase'
      await frame(a.page).getByTestId('frame-factor-password').fill(secret)
      await frame(a.page).getByTestId('frame-factor-password-repeat').fill(secret)
      await clickInFrame(a.page, 'frame-factor-save-password')
      await expect.poll(() => dialog.getByTestId('factor-password').count(), { timeout: 60_000 }).toBe(1)
      await shot(a.page, 'WalletSecurity-protected')
      // A new device of this wallet: the unlock screen with both factors.
      await forgetDevice(a)
      await a.page.goto(`${demoUrl}${query}`)
      await loginOnNewDevice(a.page, email)
      await frame(a.page).getByTestId('frame-factor-unlock').waitFor({ timeout: 20_000 })
      await expect.poll(() => frame(a.page).getByTestId('frame-factor-use-passkey').isEnabled(), { timeout: 5_000 }).toBe(true)
      await shot(a.page, 'Frame-unlock')
      await clickInFrame(a.page, 'frame-factor-use-passkey')
      await a.page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor({ timeout: 30_000 })
      await a.context.close()
    }, 240_000)
})
