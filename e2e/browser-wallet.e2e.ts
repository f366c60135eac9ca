import type { BrowserContext } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const { newWalletContext, openDemo } = useJourney()
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

/**
 * A wallet app's in-app browser: the wallet sets window.ethereum and never announces itself
 * (EIP-6963). The real test wallet, with its announcements dropped before any page script hears
 * them and its provider set as window.ethereum: what such a browser gives a page.
 */
async function inAppBrowser(context: BrowserContext) {
  await context.addInitScript(() => {
    window.addEventListener('eip6963:announceProvider', (event) => event.stopImmediatePropagation(), true)
    ;(window as unknown as { ethereum: unknown }).ethereum = (window as unknown as { porticoTestWallet: unknown }).porticoTestWallet
  })
  return context
}

describe("a wallet that only sets window.ethereum: 'Browser Wallet' (SPEC §5)", () => {
  test("on a phone, the in-app browser's wallet is offered as 'Browser Wallet' and connects on the devnet; a reload reconnects it", async () => {
    const context = await inAppBrowser(await newWalletContext({}, PHONE))
    const page = await openDemo(context)
    await connectButton(page).tap()
    const dialog = modal(page)
    const entry = dialog.getByTestId('wallet-injected')
    await expect.poll(() => entry.textContent()).toContain('Browser Wallet')
    // Not announced, so not listed under its own name.
    expect(await dialog.getByTestId('wallet-dev.portico.testwallet').count()).toBe(0)
    await entry.tap()
    await page.getByTestId('test-wallet-approve').tap()
    await expect.poll(() => page.getByTestId('site-address').textContent()).toBe(ADDRESS)

    await page.reload()
    await expect.poll(() => page.getByTestId('site-address').textContent()).toBe(ADDRESS)
    await context.close()
  })

  test("rule: on desktop 'Browser Wallet' is hidden (extensions announce themselves there)", async () => {
    const context = await inAppBrowser(await newWalletContext())
    const page = await openDemo(context)
    await connectButton(page).click()
    const dialog = modal(page)
    await dialog
      .getByRole('button', { name: /WalletConnect/ })
      .first()
      .waitFor()
    expect(await dialog.getByTestId('wallet-injected').count()).toBe(0)
    await context.close()
  })
})
