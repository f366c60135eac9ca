import { describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'
import type { WalletConfig } from './support/browser.js'

const { newWalletContext, openDemo, stack } = useJourney()

async function connected(wallet: WalletConfig) {
  const context = await newWalletContext(wallet)
  const page = await openDemo(context)
  await connectButton(page).click()
  await page.getByTestId('wallet-dev.portico.testwallet').click()
  if (!wallet?.autoApprove) await page.getByTestId('test-wallet-approve').click()
  await expect.poll(() => page.getByTestId('site-status').textContent()).toBe('connected')
  await connectButton(page).click()
  return { context, page }
}

describe('switch network', () => {
  test('switch: the wallet does not know chain 31338, adds it on request and switches', async () => {
    const { context, page } = await connected({ autoApprove: false })
    const dialog = modal(page)
    await dialog.getByTestId('account-network').click()
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Choose Network')
    await dialog.getByTestId('network-eip155:31338').click()
    await expect.poll(() => dialog.getByText('Approve in wallet').isVisible()).toBe(true)
    await page.getByTestId('test-wallet-approve').click() // wallet_addEthereumChain
    await expect.poll(() => page.getByTestId('site-network').textContent()).toBe('eip155:31338')
    await expect.poll(() => dialog.getByTestId('account-network').textContent()).toContain('Portico Devnet 2')
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toMatch(/ETH$/)
    // And back: the wallet now knows both chains, no prompt needed.
    await dialog.getByTestId('account-network').click()
    await dialog.getByTestId('network-eip155:31337').click()
    await expect.poll(() => page.getByTestId('site-network').textContent()).toBe('eip155:31337')
    await context.close()
  })

  test('a declined switch shows a visible error with a retry', async () => {
    const { context, page } = await connected({ autoApprove: false })
    const dialog = modal(page)
    await dialog.getByTestId('account-network').click()
    await dialog.getByTestId('network-eip155:31338').click()
    await page.getByTestId('test-wallet-reject').click()
    await expect.poll(() => dialog.getByTestId('switch-error').textContent()).toBe('Switch declined')
    expect(await page.getByTestId('site-network').textContent()).toBe('eip155:31337')
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await page.getByTestId('test-wallet-approve').click()
    await expect.poll(() => page.getByTestId('site-network').textContent()).toBe('eip155:31338')
    await context.close()
  })

  test('the wallet switching chain by itself updates the page', async () => {
    const { context, page } = await connected({ autoApprove: true, knownChainIds: [31337, 31338] })
    await page.evaluate(() =>
      (window as unknown as { porticoTestWallet: { request(a: unknown): Promise<unknown> } }).porticoTestWallet.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x7a6a' }],
      }),
    )
    await expect.poll(() => page.getByTestId('site-network').textContent()).toBe('eip155:31338')
    await context.close()
  })
})
