import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { describe, expect, test } from 'vitest'
import { modal, useJourney } from './support/journey.js'
import { connectAndOpenAccount } from './support/wallet.js'

const ADDRESS = DEV_ACCOUNTS[0]!.address
const { newWalletContext, openDemo, stack } = useJourney()

describe('account', () => {
  test('Account shows the total in USD, the feature buttons in order and the Tokens tab; tabs follow the arrow keys', async () => {
    const page = await openDemo(await newWalletContext())
    await connectAndOpenAccount(page)
    const dialog = modal(page)
    await expect.poll(() => dialog.getByTestId('account-total').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/)
    const features = await dialog.getByTestId('wallet-features').getByRole('button').allTextContents()
    expect(features).toEqual(['Buy', 'Swap', 'Receive', 'Send'])
    expect(await dialog.getByTestId('token-USDC').textContent()).toMatch(/USD Coin\d[\d,]*\.\d{3} USDC\$[\d,]+\.\d{2}/)

    await dialog.getByRole('tab', { name: 'Tokens' }).focus()
    await page.keyboard.press('ArrowRight')
    expect(await dialog.getByRole('tab', { selected: true }).textContent()).toBe('NFTs')
    await page.keyboard.press('ArrowRight')
    expect(await dialog.getByRole('tab', { selected: true }).textContent()).toBe('Activity')
    await page.keyboard.press('ArrowRight')
    expect(await dialog.getByRole('tab', { selected: true }).textContent()).toBe('Tokens')
    expect(await dialog.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('account-tab-tokens')
    await page.context().close()
  })

  test('Receive: the QR code decodes to the address; the networks of the chain family are listed', async () => {
    const page = await openDemo(await newWalletContext())
    await connectAndOpenAccount(page)
    const dialog = modal(page)
    await dialog.getByTestId('feature-receive').click()
    const qr = dialog.getByTestId('receive-qr')
    await qr.waitFor()
    await page.waitForTimeout(300) // the view's 150 ms entrance
    const png = PNG.sync.read(await dialog.locator('.qr-frame').screenshot())
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
    expect(decoded?.data).toBe(ADDRESS)
    expect(await dialog.getByTestId('receive-networks').getByRole('listitem').allTextContents()).toEqual(
      stack.chains.map((c) => expect.stringContaining(c.name)),
    )
    await page.context().close()
  })

  test('NFTs: the tab shows the minted NFTs of dev account 0 with their images', async () => {
    const page = await openDemo(await newWalletContext())
    await connectAndOpenAccount(page)
    const dialog = modal(page)
    await dialog.getByRole('tab', { name: 'NFTs' }).click()
    const first = dialog.getByTestId('nft-1')
    await first.waitFor({ timeout: 10_000 })
    expect(await dialog.getByTestId('nft-grid').getByRole('listitem').count()).toBeGreaterThanOrEqual(3)
    expect(await first.textContent()).toContain('#1')
    await expect.poll(() => first.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    // Through the server's image proxy: the page never fetches the URL the metadata named.
    expect(await first.locator('img').getAttribute('src')).toMatch(/\/icons\/nft\/eip155%3A\d+\/0x[0-9a-f]{40}\/1$/)
    await page.context().close()
  })

  test("balance failure: a server that answers 500 gives 'Token Balance Unavailable'", async () => {
    const page = await openDemo(await newWalletContext({ autoApprove: true }))
    await connectAndOpenAccount(page, { autoApproved: true })
    await page.route('**/v1/account/*/balance?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }))
    const dialog = modal(page)
    await dialog.getByTestId('account-network').click()
    await dialog.getByTestId(`network-eip155:${stack.chains[1]!.chainId}`).click()
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 10_000 }).toBe('Token Balance Unavailable')
    expect(await dialog.getByTestId('portico-snack').getAttribute('data-variant')).toBe('error')
    expect(await dialog.getByRole('tabpanel').textContent()).toBe('Token Balance Unavailable')
    await page.context().close()
  })

  test('unsupported chain: the wallet moves to a chain the site does not offer; the view lists networks to switch to', async () => {
    const chains = [
      ...stack.chains.map((c) => ({ ...c, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } })),
      // A chain the demo does not configure (served by the devnet's RPC, which is enough for the wallet to switch).
      { chainId: 1, name: 'Ethereum', rpcUrl: stack.chains[0]!.rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
    ]
    const page = await openDemo(await newWalletContext({ chains, knownChainIds: [...stack.chains.map((c) => c.chainId), 1], autoApprove: true }))
    await connectAndOpenAccount(page, { autoApproved: true })
    await page.evaluate(() =>
      (window as unknown as { porticoTestWallet: { request(a: unknown): Promise<unknown> } }).porticoTestWallet.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x1' }],
      }),
    )
    const dialog = modal(page)
    await dialog.getByTestId('unsupported-chain').waitFor()
    await dialog.getByTestId(`network-eip155:${stack.chains[0]!.chainId}`).click()
    await dialog.getByTestId('account-view').waitFor({ timeout: 10_000 })
    expect(await page.getByTestId('site-network').textContent()).toBe(`eip155:${stack.chains[0]!.chainId}`)
    await page.context().close()
  })
})
