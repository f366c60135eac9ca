import { BITCOIN_DEV_ACCOUNTS, BITCOIN_DEVNET_CAIP2 } from '@portico/devnet/bitcoin-constants'
import { SOLANA_DEV_ACCOUNTS, SOLANA_DEVNET_CAIP2 } from '@portico/devnet/solana-constants'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { BITCOIN_WALLET, openAccount, poll, screenshot } from './support/bitcoin.js'
import { connectButton, modal, useJourney } from './support/journey.js'

// Three chain families in one modal: the EVM test wallet (EIP-6963), the Solana and the Bitcoin test wallets
// (Wallet Standard), each connected from the Networks view, switched between, all kept connected.
const { newWalletContext, openDemo } = useJourney()
const BTC = BITCOIN_DEV_ACCOUNTS[7]!
const SOL = SOLANA_DEV_ACCOUNTS[3]!.address
const siteAddress = (page: Page) => page.getByTestId('site-address').textContent()

/** Networks → a network of a family not connected yet → SwitchActiveChain's Connect → the wallet from the list. */
async function connectFamily(page: Page, caip2: string, wallet: RegExp) {
  const dialog = modal(page)
  await openAccount(page)
  await dialog.getByTestId('account-network').click()
  await dialog.getByTestId(`network-${caip2}`).click()
  await dialog.getByTestId('switch-active-chain').waitFor()
  await dialog.getByTestId('switch-active-chain-connect').click()
  await dialog.getByRole('button', { name: wallet }).click()
}

describe('Bitcoin beside EVM and Solana', () => {
  test('EVM, Solana and Bitcoin connected together: the family switch moves between them, ProfileWallets lists all three, a reload brings all three back', async () => {
    const page = await openDemo(
      await newWalletContext({
        autoApprove: true,
        solana: { autoApprove: true, accountIndex: 3 },
        bitcoin: { autoApprove: true, accountIndex: 7, satsConnect: false },
      }),
      '?theme=light',
    )
    const dialog = modal(page)
    await connectButton(page).click()
    await dialog.getByTestId('wallet-dev.portico.testwallet').click()
    await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
    const evm = await siteAddress(page)

    await connectFamily(page, SOLANA_DEVNET_CAIP2, /Portico Solana Test Wallet/)
    await poll(() => siteAddress(page)).toBe(SOL)
    await connectFamily(page, BITCOIN_DEVNET_CAIP2, new RegExp(BITCOIN_WALLET))
    await poll(() => siteAddress(page)).toBe(BTC.payment.address)
    expect(await page.getByTestId('site-network').textContent()).toBe(BITCOIN_DEVNET_CAIP2)

    // Account's family switch: each family's own account, the others staying connected.
    await openAccount(page)
    await dialog.getByTestId('account-balance').filter({ hasText: 'BTC' }).waitFor({ timeout: 10_000 })
    await screenshot(page, 'three-families')
    const families = [
      { namespace: 'eip155', address: evm, symbol: 'ETH' },
      { namespace: 'solana', address: SOL, symbol: 'SOL' },
      { namespace: 'bip122', address: BTC.payment.address, symbol: 'BTC' },
    ]
    for (const { namespace, address, symbol } of families) {
      await dialog.getByTestId(`family-${namespace}`).click()
      await poll(() => siteAddress(page)).toBe(address)
      await dialog.getByTestId('account-balance').filter({ hasText: symbol }).waitFor({ timeout: 10_000 })
    }

    // ProfileWallets: one connection per family, all connected (the Bitcoin one with its payment and ordinal addresses).
    await dialog.getByTestId('account-wallets').click()
    await dialog.getByTestId('profile-wallets').waitFor()
    for (const family of ['EVM', 'Solana', 'Bitcoin']) expect(await dialog.getByRole('region', { name: family }).count()).toBe(1)
    const statuses = await dialog.getByTestId(/^connection-/).evaluateAll((items) => items.map((i) => i.getAttribute('data-status')))
    expect(statuses.length).toBeGreaterThanOrEqual(3)
    expect(statuses.every((s) => s === 'connected')).toBe(true)
    const bitcoinRows = dialog.getByRole('region', { name: 'Bitcoin' }).getByTestId(/^connection-/)
    expect(await bitcoinRows.count()).toBe(2)
    await screenshot(page, 'profile-wallets')

    // A reload reconnects all three silently; Bitcoin, the active family, first.
    await page.reload()
    await poll(() => siteAddress(page)).toBe(BTC.payment.address)
    await openAccount(page)
    for (const { namespace, address } of [...families].reverse()) {
      await dialog.getByTestId(`family-${namespace}`).click()
      await poll(() => siteAddress(page)).toBe(address)
    }
    await page.context().close()
  }, 60_000)
})
