import { describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const { newWalletContext, openDemo, stack } = useJourney()

describe('connect a browser wallet', () => {
  test('connect: the announced test wallet connects and Account shows address, balance and network', async () => {
    const context = await newWalletContext()
    const page = await openDemo(context)
    await connectButton(page).click()
    const dialog = modal(page)
    await expect.poll(() => dialog.getAttribute('aria-labelledby')).toBe('portico-title')
    await dialog.getByRole('button', { name: /Portico Test Wallet/ }).click()
    await expect.poll(() => dialog.getByText('Continue in Portico Test Wallet').isVisible()).toBe(true)
    await page.getByTestId('test-wallet-approve').click()

    // The modal closes on success; the host page sees the address.
    await expect.poll(() => page.getByTestId('site-address').textContent()).toBe(ADDRESS)
    await expect.poll(() => dialog.count()).toBe(0)
    await connectButton(page).click()
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toMatch(/^\d[\d,]*\.\d{3} ETH$/)
    expect(await page.getByTestId('account-address').textContent()).toContain('0xf39F…2266')
    expect(await page.getByTestId('account-network').textContent()).toContain('Portico Devnet')
    await context.close()
  })

  test("reject then retry: 'Connection rejected' with a retry that connects", async () => {
    const context = await newWalletContext()
    const page = await openDemo(context)
    await connectButton(page).click()
    await page.getByTestId('wallet-dev.portico.testwallet').click()
    await page.getByTestId('test-wallet-reject').click()
    const dialog = modal(page)
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Connection rejected')
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await page.getByTestId('test-wallet-approve').click()
    await expect.poll(() => page.getByTestId('site-address').textContent()).toBe(ADDRESS)
    await context.close()
  })

  test('reload reconnects silently to the last wallet, and disconnect is remembered', async () => {
    const context = await newWalletContext({ autoApprove: true })
    const page = await openDemo(context)
    await connectButton(page).click()
    await page.getByTestId('wallet-dev.portico.testwallet').click()
    await expect.poll(() => page.getByTestId('site-address').textContent()).toBe(ADDRESS)

    await page.reload()
    await expect.poll(() => page.getByTestId('site-address').textContent()).toBe(ADDRESS)
    expect(await page.getByTestId('portico-modal').count()).toBe(0) // no prompt, no modal

    await connectButton(page).click()
    await modal(page).getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => page.getByTestId('site-status').textContent()).toBe('disconnected')
    expect(await connectButton(page).textContent()).toBe('Connect Wallet')

    await page.reload()
    await page.waitForTimeout(1500)
    expect(await page.getByTestId('site-status').textContent()).toBe('disconnected')
    await context.close()
  })

  test("the Connect view tags the last wallet 'Recent'", async () => {
    const context = await newWalletContext({ autoApprove: true })
    const page = await openDemo(context)
    await connectButton(page).click()
    expect(await page.getByTestId('wallet-dev.portico.testwallet').textContent()).toContain('Installed')
    await page.getByTestId('wallet-dev.portico.testwallet').click()
    await expect.poll(() => page.getByTestId('site-status').textContent()).toBe('connected')
    await connectButton(page).click()
    await modal(page).getByRole('button', { name: 'Disconnect' }).click()
    await connectButton(page).click()
    expect(await page.getByTestId('wallet-dev.portico.testwallet').textContent()).toContain('Recent')
    await context.close()
  })
})
