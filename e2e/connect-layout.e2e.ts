import { describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const { newWalletContext, openDemo } = useJourney()

describe('the host flags on the Connect view', () => {
  test('rule: SPEC §6 legal checkbox — the wallets stay locked until the terms are ticked, then the wallet connects', async () => {
    const context = await newWalletContext({ autoApprove: true })
    const page = await openDemo(context, '?legalCheckbox=on')
    await connectButton(page).click()
    const dialog = modal(page)
    const wallet = dialog.getByTestId('wallet-dev.portico.testwallet')
    await expect.poll(() => wallet.getAttribute('aria-disabled')).toBe('true')
    // Playwright will not click a control that says it is disabled; a user's click is forced through.
    await wallet.click({ force: true })
    await page.waitForTimeout(500)
    expect(await page.getByTestId('site-address').textContent()).not.toBe(ADDRESS)
    const checkbox = dialog.getByTestId('legal-checkbox')
    await checkbox.check()
    await expect.poll(() => wallet.getAttribute('aria-disabled')).toBe(null)
    await wallet.click()
    await expect.poll(() => page.getByTestId('site-address').textContent()).toBe(ADDRESS)
    await context.close()
  })

  test('rule: SPEC §6 collapse wallets — beside email and social login one entry opens the wallets alone', async () => {
    const context = await newWalletContext({ autoApprove: true })
    const page = await openDemo(context, '?collapseWallets=on')
    await connectButton(page).click()
    const dialog = modal(page)
    const entry = dialog.getByTestId('wallets-entry')
    await entry.waitFor()
    expect(await dialog.getByTestId('wallet-dev.portico.testwallet').count()).toBe(0)
    await entry.click()
    await dialog.getByTestId('wallet-dev.portico.testwallet').click()
    await expect.poll(() => page.getByTestId('site-address').textContent()).toBe(ADDRESS)
    await context.close()
  })
})
