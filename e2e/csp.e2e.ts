import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { connectButton, launchBrowser, modal, newWalletContext } from './support/browser.js'
import { startCspSite, STRICT_CSP, type CspSite } from './support/cspSite.js'

const stack = { demoUrl: inject('demoUrl'), apiUrl: inject('apiUrl'), chains: inject('chains'), solana: inject('solana') }
let browser: Browser
let site: CspSite

beforeAll(async () => {
  browser = await launchBrowser()
  site = await startCspSite({ upstreams: [stack.apiUrl, ...stack.chains.map((c) => c.rpcUrl), stack.solana.rpcUrl] })
})
afterAll(async () => {
  await browser?.close()
  await site?.close()
})

interface Violation {
  directive: string
  blocked: string
  source: string
}

/** The page's CSP violations: the `securitypolicyviolation` events and the console's reports of them. */
async function openStrictDemo(query = '') {
  const chains = stack.chains.map((c) => ({ ...c, rpcUrl: site.proxied(c.rpcUrl) }))
  const context = await newWalletContext({ ...stack, chains }, browser, { autoApprove: true, solana: { rpcUrl: site.proxied(stack.solana.rpcUrl) } })
  await context.addInitScript(() => {
    const list: unknown[] = ((window as unknown as { __violations: unknown[] }).__violations = [])
    document.addEventListener('securitypolicyviolation', (e) =>
      list.push({ directive: e.effectiveDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber} ${e.sample}` }),
    )
  })
  const page = await context.newPage()
  const consoleReports: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) consoleReports.push(m.text())
  })
  page.on('pageerror', (error) => console.error('[page error]', error.message))
  const response = await page.goto(site.url + query)
  expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP)
  const violations = () => page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations)
  return { page, context, violations, consoleReports }
}

/** Computed styles inside the modal's shadow root. */
function styleOf(page: Page, selector: string, properties: string[]) {
  return page.evaluate(
    ({ selector, properties }) => {
      const root = [...document.querySelectorAll('portico-host')].find((h) => h.shadowRoot?.querySelector('[role=dialog]'))!.shadowRoot!
      const element = root.querySelector(selector)
      if (!element) return null
      const style = getComputedStyle(element)
      return Object.fromEntries(properties.map((p) => [p, style.getPropertyValue(p)]))
    },
    { selector, properties },
  )
}

/** 'rgb(25, 26, 26)' or 'color(srgb 0.098 0.102 0.102)' (a color-mix() result) as '25,26,26'. */
function rgb(color: string | undefined) {
  const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/.exec(color ?? '')
  if (srgb)
    return srgb
      .slice(1, 4)
      .map((c) => Math.round(Number(c) * 255))
      .join(',')
  return (/^rgba?\((\d+), (\d+), (\d+)/.exec(color ?? '') ?? []).slice(1, 4).join(',')
}

const adoptedSheets = (page: Page) =>
  page.evaluate(() => {
    const root = [...document.querySelectorAll('portico-host')].find((h) => h.shadowRoot?.querySelector('[role=dialog]'))!.shadowRoot!
    return { adopted: root.adoptedStyleSheets.length, styleElements: root.querySelectorAll('style').length }
  })

describe('strict CSP', () => {
  test(`the demo under "${STRICT_CSP}": Connect, Account, Send and Receive render styled, with no style or script violation`, async () => {
    const { page, context, violations, consoleReports } = await openStrictDemo()
    await connectButton(page).click()
    const dialog = modal(page)
    await dialog.waitFor()
    // The theme's values (dark: bg-125 #191a1a; radius-3xl = 9 × the 4 px master), not the browser's defaults.
    const card = await styleOf(page, '.card', ['background-color', 'border-top-left-radius', 'display'])
    expect(rgb(card?.['background-color'])).toBe('25,26,26')
    expect(card).toMatchObject({ 'border-top-left-radius': '36px', display: 'flex' })
    expect(await styleOf(page, '.list-item', ['min-height', 'display'])).toEqual({ 'min-height': '56px', display: 'flex' })

    await page.getByTestId('wallet-dev.portico.testwallet').click()
    await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
    await connectButton(page).click()
    await dialog.getByTestId('account-view').waitFor()
    await dialog.getByTestId('account-balance').filter({ hasText: 'ETH' }).waitFor()

    // Send: a lazily loaded view whose own sheet is adopted when it mounts.
    await dialog.getByTestId('feature-send').click()
    await dialog.getByTestId('wallet-send').waitFor()
    expect(await styleOf(page, '.send', ['display', 'gap'])).toEqual({ display: 'flex', gap: '10px' })
    expect(await styleOf(page, '[data-testid=send-continue]', ['border-top-left-radius', 'height'])).toEqual({
      'border-top-left-radius': '36px',
      height: '40px',
    })
    await dialog.getByRole('button', { name: 'Back' }).click()
    await dialog.getByTestId('account-view').waitFor()
    await dialog.getByTestId('feature-receive').click()
    await dialog.getByTestId('wallet-receive').waitFor()
    expect(await styleOf(page, '.receive', ['display', 'gap'])).toEqual({ display: 'flex', gap: '14px' })
    const sheets = await adoptedSheets(page)
    expect(sheets.styleElements).toBe(0)
    // The shell's sheet and the views' own: Send's left with it, so they do not pile up.
    expect(sheets.adopted).toBeLessThanOrEqual(4)

    const found = await violations()
    console.log(`[csp] ${found.length} violation(s):`, JSON.stringify(found), consoleReports.length, 'console report(s)')
    expect(found.filter((v) => /^(style|script)-src/.test(v.directive))).toEqual([])
    // The only others the policy can cause: EIP-6963 wallet icons, which that standard makes data: URIs
    // (img-src 'self' refuses them; a host with this policy adds `img-src 'self' data:`).
    expect(found.filter((v) => !(v.directive === 'img-src' && v.blocked === 'data'))).toEqual([])
    await context.close()
  })

  test('light theme under the same policy: the dialog takes the light palette', async () => {
    const { page, context, violations } = await openStrictDemo('?theme=light')
    await connectButton(page).click()
    await modal(page).waitFor()
    expect(rgb((await styleOf(page, '.card', ['background-color']))?.['background-color'])).toBe('249,249,249')
    expect((await violations()).filter((v) => /^(style|script)-src/.test(v.directive))).toEqual([])
    await context.close()
  })
})
