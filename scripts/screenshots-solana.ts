// The Solana views for `npm run screenshots` (SCREENSHOTS_ONLY=solana takes only these): the Connect list
// with the Wallet Standard wallet beside the EIP-6963 one, Networks with both chain families,
// SwitchActiveChain, the Solana wallets' list, Account on Solana with the family switch, and Send on Solana.
import type { Browser, Page } from 'playwright-core'
import { SOLANA_DEVNET_CAIP2 } from '@portico/devnet/solana-constants'
import { connectButton, modal, newWalletContext, openDemo, type StackInfo } from '../e2e/support/browser.js'

const WALLET_NAME = /Portico Solana Test Wallet/
// An address no test funds: a send to it creates its account (base58 of 32 bytes of 0x01).
const FRESH = '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi'

export async function solanaShots(
  browser: Browser,
  info: StackInfo,
  viewport: { width: number; height: number },
  theme: string,
  shot: (page: Page, name: string) => Promise<void>,
) {
  const context = await newWalletContext(info, browser, { autoApprove: true, solana: { autoApprove: true } }, { viewport })
  const page = await openDemo(info, context, `?theme=${theme}`)
  const dialog = modal(page)
  await connectButton(page).click()
  await dialog.getByRole('button', { name: WALLET_NAME }).waitFor()
  await shot(page, 'Connect-solana')

  await dialog.getByTestId('wallet-dev.portico.testwallet').click()
  await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
  await connectButton(page).click()
  await dialog.getByTestId('account-network').click()
  await dialog.getByTestId('networks-solana').waitFor()
  await shot(page, 'Networks-both-families')
  await dialog.getByTestId(`network-${SOLANA_DEVNET_CAIP2}`).click()
  await dialog.getByTestId('switch-active-chain').waitFor()
  await shot(page, 'SwitchActiveChain')
  await dialog.getByTestId('switch-active-chain-connect').click()
  await dialog.getByRole('button', { name: WALLET_NAME }).waitFor()
  await shot(page, 'ConnectWallets-solana')
  await dialog.getByRole('button', { name: WALLET_NAME }).click()
  await page.getByTestId('site-network').filter({ hasText: SOLANA_DEVNET_CAIP2 }).waitFor()

  await connectButton(page).click()
  await dialog.getByTestId('family-switch').waitFor()
  const balance = await dialog
    .getByTestId('token-USDC')
    .waitFor({ timeout: 10_000 })
    .then(
      () => true,
      () => false,
    )
  await shot(page, 'Account-solana')
  if (!balance) {
    console.warn('Solana balances did not load (does the server serve this Solana network?): no Send on Solana shots')
    await context.close()
    return
  }

  await dialog.getByTestId('feature-send').click()
  await dialog.getByTestId('send-amount').fill('0.0001')
  await dialog.getByTestId('send-receiver').fill(FRESH)
  await dialog.getByTestId('send-continue').filter({ hasText: 'A new account needs' }).waitFor({ timeout: 5_000 })
  await shot(page, 'WalletSend-solana-rent')
  await dialog.getByTestId('send-amount').fill('0.25')
  await dialog.getByTestId('send-continue').filter({ hasText: 'Preview Send' }).waitFor({ timeout: 5_000 })
  await shot(page, 'WalletSend-solana')
  await dialog.getByTestId('send-continue').click()
  await dialog.getByTestId('preview-fee').filter({ hasText: 'SOL' }).waitFor({ timeout: 5_000 })
  await shot(page, 'WalletSendPreview-solana')
  await context.close()
}
