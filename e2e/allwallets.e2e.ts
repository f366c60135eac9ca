import { BITCOIN_DEVNET_CAIP2 } from '@portico/devnet/bitcoin-constants'
import { SOLANA_DEVNET_CAIP2 } from '@portico/devnet/solana-constants'
import { describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'

const { newWalletContext, openDemo } = useJourney()

describe('AllWallets', () => {
  test('the registry grid asks for pages of 40 for the configured chains, search finds a wallet, and choosing one shows its QR', async () => {
    const page = await openDemo(await newWalletContext(), '?testWallet=off')
    const registryCalls: URL[] = []
    page.on('response', (r) => r.url().includes('/getWallets?') && registryCalls.push(new URL(r.url())))
    await connectButton(page).click()
    const dialog = modal(page)
    await dialog.getByTestId('all-wallets-entry').click()
    const tiles = dialog.locator('[data-testid^="all-wallet-"]')
    await expect.poll(() => registryCalls.length, { timeout: 15_000 }).toBeGreaterThan(0)
    const first = registryCalls[0]!
    // The demo's networks of its three families: the two EVM devnets, the local Solana chain and the local Bitcoin chain.
    expect(Object.fromEntries(first.searchParams)).toMatchObject({
      page: '1',
      entries: '40',
      chains: `eip155:31337,eip155:31338,${SOLANA_DEVNET_CAIP2},${BITCOIN_DEVNET_CAIP2}`,
    })
    // Only wallets that accept custom EVM chains can use the devnet: the server's count says how many.
    const { count } = (await (await fetch(first)).json()) as { count: number }
    await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBe(Math.min(count, 40))

    await dialog.getByRole('searchbox', { name: 'Search wallet' }).fill('rainb')
    await expect.poll(async () => (await tiles.allTextContents()).join(','), { timeout: 10_000 }).toBe('Rainbow')
    const search = registryCalls.at(-1)!
    expect(Object.fromEntries(search.searchParams)).toMatchObject({ search: 'rainb', entries: '100' })
    await tiles.first().click()
    await dialog.getByTestId('wc-qr').waitFor({ timeout: 20_000 })
    expect(await dialog.getByRole('heading').textContent()).toBe('WalletConnect')
    await page.context().close()
  })

  test('on a phone, a chosen wallet opens by its native deep link (scheme and trailing slash)', async () => {
    const context = await newWalletContext({}, { viewport: { width: 390, height: 844 } })
    const page = await openDemo(context, '?testWallet=off')
    await connectButton(page).click()
    const dialog = modal(page)
    await dialog.getByTestId('all-wallets-entry').click()
    await dialog.getByRole('searchbox', { name: 'Search wallet' }).fill('MetaMask')
    await dialog.getByTestId('all-wallet-metamask').click()
    const link = dialog.getByTestId('wc-deep-link')
    await expect.poll(() => link.getAttribute('href'), { timeout: 20_000 }).toMatch(/^metamask:\/\/wc\?uri=wc%3A[0-9a-f]{64}%402/)
    await context.close()
  })
})
