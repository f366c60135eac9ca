// `npm run screenshots`: every view, dark and light, desktop and narrow, into screenshots/.
// Runs the same real stack as the journeys (devnet + demo build) and drives the real test wallet.
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { connectButton, launchBrowser, modal, newWalletContext, openDemo } from '../e2e/support/browser.js'
import { startStack } from '../e2e/support/stack.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = `${root}/screenshots`
mkdirSync(out, { recursive: true })

// Its own build folder: a journey run in the same tree rebuilds e2e/.demo-dist under our feet.
const stack = await startStack({ outDir: `${root}/.vite/screenshots-demo` })
const info = { demoUrl: stack.demoUrl, apiUrl: stack.server.url, chains: stack.devnet.chains }
const browser = await launchBrowser()
const sizes = { desktop: { width: 1100, height: 760 }, narrow: { width: 390, height: 844 } }
const shots: string[] = []

/**
 * Account (each tab), the send steps (empty, insufficient balance, filled, token list, preview,
 * success snack), Receive, ProfileWallets and UnsupportedChain. The wallet auto-approves, and
 * knows a chain the demo does not configure so that it can move there.
 */
async function accountAndSendShots(
  browser: Browser,
  viewport: { width: number; height: number },
  theme: string,
  shot: (page: Page, name: string) => Promise<void>,
) {
  const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
  const chains = [
    ...info.chains.map((c) => ({ chainId: c.chainId, name: c.name, rpcUrl: c.rpcUrl, nativeCurrency: ether })),
    { chainId: 1, name: 'Ethereum', rpcUrl: info.chains[0]!.rpcUrl, nativeCurrency: ether },
  ]
  const context = await newWalletContext(info, browser, { autoApprove: true, chains, knownChainIds: chains.map((c) => c.chainId) }, { viewport })
  const page = await openDemo(info, context, `?theme=${theme}`)
  const dialog = modal(page)
  await connectButton(page).click()
  await page.getByTestId('wallet-dev.portico.testwallet').click()
  await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
  await connectButton(page).click()
  await dialog.getByTestId('token-USDC').waitFor()
  await shot(page, 'Account-tokens')

  await dialog.getByTestId('feature-send').click()
  await dialog.getByTestId('send-amount').waitFor()
  await shot(page, 'WalletSend-empty')
  await dialog.getByTestId('send-amount').fill('99999')
  await shot(page, 'WalletSend-insufficient')
  await dialog.getByTestId('send-token').click()
  await dialog.getByTestId('send-token-USDC').waitFor()
  await shot(page, 'WalletSendSelectToken')
  await dialog.getByTestId('send-token-USDC').click()
  await dialog.getByTestId('send-amount').fill('2.5')
  await dialog.getByTestId('send-receiver').fill(DEV_ACCOUNTS[1]!.address)
  await dialog.getByTestId('send-continue').filter({ hasText: 'Preview Send' }).waitFor()
  await shot(page, 'WalletSend-filled')
  await dialog.getByTestId('send-continue').click()
  await dialog.getByTestId('preview-fee').filter({ hasText: 'ETH' }).waitFor()
  await shot(page, 'WalletSendPreview')
  await dialog.getByTestId('send-submit').click()
  await dialog.getByTestId('portico-snack').filter({ hasText: 'Transaction sent' }).waitFor({ timeout: 20_000 })
  await shot(page, 'Snack-success')

  await dialog.getByRole('tab', { name: 'NFTs' }).click()
  await dialog.locator('[data-testid=nft-grid],[data-testid=nfts-empty]').first().waitFor()
  await shot(page, 'Account-nfts')
  await dialog.getByRole('tab', { name: 'Activity' }).click()
  await dialog.locator('[data-testid=activity-row],[data-testid=activity-empty]').first().waitFor({ timeout: 20_000 })
  await shot(page, 'Account-activity')

  await dialog.getByTestId('feature-receive').click()
  await dialog.getByTestId('receive-qr').waitFor()
  await shot(page, 'WalletReceive')
  await dialog.getByRole('button', { name: 'Back' }).click()
  await dialog.getByTestId('account-wallets').click()
  await dialog.getByTestId('profile-wallets').waitFor()
  await shot(page, 'ProfileWallets')
  await dialog.getByRole('button', { name: 'Back' }).click()
  await page.evaluate(() =>
    (window as unknown as { porticoTestWallet: { request(a: unknown): Promise<unknown> } }).porticoTestWallet.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x1' }],
    }),
  )
  await dialog.getByTestId('unsupported-chain').waitFor()
  await shot(page, 'UnsupportedChain')
  await context.close()
}

try {
  for (const theme of ['dark', 'light'] as const) {
    for (const [sizeName, viewport] of Object.entries(sizes)) {
      const shot = async (page: Page, name: string) => {
        await page.waitForTimeout(400) // let the 150 ms transitions settle
        const file = `${out}/${name}-${theme}-${sizeName}.png`
        await page.screenshot({ path: file })
        shots.push(file)
      }
      const context = await newWalletContext(info, browser, {}, { viewport })
      const page = await openDemo(info, context, `?theme=${theme}`)
      await connectButton(page).click()
      await modal(page).waitFor()
      await shot(page, 'Connect')
      await page.getByTestId('wallet-dev.portico.testwallet').click()
      await page.getByTestId('test-wallet-approve').waitFor()
      await shot(page, 'ConnectingExternal')
      await page.getByTestId('test-wallet-reject').click()
      await modal(page).getByRole('alert').waitFor()
      await shot(page, 'ConnectingExternal-rejected')
      await modal(page).getByRole('button', { name: 'Try again' }).click()
      await page.getByTestId('test-wallet-approve').click()
      await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
      await shot(page, 'Site-connected')
      await connectButton(page).click()
      await page.getByTestId('account-balance').filter({ hasText: 'ETH' }).waitFor()
      await shot(page, 'Account')
      await modal(page).getByTestId('account-network').click()
      await shot(page, 'Networks')
      await modal(page).getByTestId('network-eip155:31338').click()
      await page.getByTestId('test-wallet-approve').waitFor()
      await shot(page, 'SwitchNetwork')
      await page.getByTestId('test-wallet-reject').click()
      await modal(page).getByTestId('switch-error').waitFor()
      await shot(page, 'SwitchNetwork-error')
      await context.close()

      await accountAndSendShots(browser, viewport, theme, shot)

      const empty = await browser.newContext({ viewport })
      const emptyPage = await openDemo(info, empty, `?theme=${theme}&testWallet=off`)
      await connectButton(emptyPage).click()
      // Without a browser wallet: 'No browser wallet found', or the All Wallets entry when pairing is configured.
      await modal(emptyPage).locator('[data-testid=no-wallets],[data-testid=all-wallets-entry]').first().waitFor()
      await shot(emptyPage, 'Connect-no-wallets')
      await empty.close()
    }
  }
  console.log(`${shots.length} screenshots in ${out}`)
} finally {
  await browser.close()
  await stack.stop()
}
