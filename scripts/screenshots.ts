// `npm run screenshots`: every view, dark and light, desktop and narrow, into screenshots/.
// Runs the same real stack as the journeys (devnet + demo build) and drives the real test wallet.
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { connectButton, launchBrowser, modal, newWalletContext, openDemo } from '../e2e/support/browser.js'
import { startStack } from '../e2e/support/stack.js'
import { mailedCode, submitPastCooldown } from './screenshots-mail.js'
import { solanaShots } from './screenshots-solana.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = `${root}/screenshots`
mkdirSync(out, { recursive: true })

// Its own build folder: a journey run in the same tree rebuilds e2e/.demo-dist under our feet.
const stack = await startStack({ outDir: `${root}/.vite/screenshots-demo` })
const info = { demoUrl: stack.demoUrl, apiUrl: stack.server.url, chains: stack.devnet.chains, solana: { rpcUrl: stack.solana.rpcUrl } }
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

/**
 * Sign-in (DataCapture, SIWXSignMessage: idle, signing, error), name registration (with
 * suggestions, then success) and the onramp steps (token, fiat, providers with a quote, the
 * limits message, the provider window pending). A fresh account each time: no session, no name.
 */
async function signInNamesOnrampShots(
  browser: Browser,
  viewport: { width: number; height: number },
  theme: string,
  shot: (page: Page, name: string) => Promise<void>,
  label: string,
) {
  const context = await newWalletContext(info, browser, { privateKey: generatePrivateKey() }, { viewport })
  const page = await openDemo(info, context, `?theme=${theme}&siwx=optional&emailCapture=on`)
  const dialog = modal(page)
  await connectButton(page).click()
  await page.getByTestId('wallet-dev.portico.testwallet').click()
  await page.getByTestId('test-wallet-approve').click()
  await dialog.getByTestId('data-capture').waitFor()
  await shot(page, 'DataCapture')
  await dialog.getByTestId('data-capture-email').fill('ada@example')
  await dialog.getByTestId('data-capture-continue').click()
  await dialog.getByTestId('data-capture-error').filter({ hasText: 'valid email' }).waitFor()
  await shot(page, 'DataCapture-error')
  await dialog.getByTestId('data-capture-email').fill('ada@example.com')
  await dialog.getByTestId('data-capture-continue').click()
  await dialog.getByTestId('siwx-sign-message').waitFor()
  await shot(page, 'SIWXSignMessage')
  await dialog.getByTestId('siwx-sign').click()
  await page.getByTestId('test-wallet-approve').waitFor()
  await shot(page, 'SIWXSignMessage-signing')
  await page.getByTestId('test-wallet-reject').click()
  await dialog.getByTestId('siwx-status').filter({ hasText: 'Error signing message' }).waitFor()
  await shot(page, 'SIWXSignMessage-error')
  await dialog.getByTestId('siwx-sign').click()
  await page.getByTestId('test-wallet-approve').click()
  await page.getByTestId('site-siwx').filter({ hasText: 'Signed in' }).waitFor()
  await shot(page, 'Site-signed-in')

  await connectButton(page).click()
  await dialog.getByTestId('account-register-name').waitFor()
  await shot(page, 'Account-name-entry')
  await dialog.getByTestId('account-register-name').click()
  await dialog.getByTestId('register-name-input').fill(label)
  await dialog.getByTestId('name-suggestion').first().waitFor({ timeout: 5_000 })
  await shot(page, 'RegisterAccountName')
  await dialog.getByTestId('register-name-submit').click()
  await page.getByTestId('test-wallet-approve').click()
  await dialog.getByTestId('register-name-success').waitFor({ timeout: 10_000 })
  await shot(page, 'RegisterAccountNameSuccess')
  await dialog.getByTestId('register-name-done').click()

  await dialog.getByTestId('feature-onramp').click()
  await dialog.getByTestId('onramp-token-USDC').waitFor()
  await shot(page, 'OnRampTokenSelect')
  await dialog.getByTestId('onramp-token-USDC').click()
  await dialog.getByTestId('onramp-fiat-USD').waitFor()
  await shot(page, 'OnRampFiatSelect')
  await dialog.getByTestId('onramp-fiat-USD').click()
  await dialog.getByTestId('onramp-amount').fill('5')
  await dialog.getByTestId('onramp-limits').filter({ hasText: 'minimum' }).waitFor()
  await shot(page, 'OnRampProviders-limits')
  await dialog.getByTestId('onramp-amount').fill('100')
  await dialog.getByTestId('onramp-quote-amount').waitFor({ timeout: 5_000 })
  await shot(page, 'OnRampProviders')
  const [popup] = await Promise.all([context.waitForEvent('page'), dialog.getByTestId('onramp-provider-sandbox').click()])
  await popup.waitForLoadState()
  await popup.close()
  await dialog.getByTestId('onramp-pending').waitFor()
  await shot(page, 'OnRampProviders-pending')
  await context.close()
}

/**
 * Email and social login: Connect with the email field and social buttons, an invalid email,
 * ConnectingSocial (popup open, then 'Popup closed'), ConnectingFarcaster, EmailLogin (code
 * step, wrong code), Account signed in by email, ApproveTransaction (the secure frame's screen
 * over the modal), UpdateEmailWallet (new email, code to the current address, code to the new).
 */
async function embeddedShots(browser: Browser, viewport: { width: number; height: number }, theme: string, shot: (page: Page, name: string) => Promise<void>) {
  const tag = `${theme}-${viewport.width}-${Date.now().toString(36)}`
  const email = `ada.${tag}@example.com`
  const context = await browser.newContext({ viewport })
  const page = await openDemo(info, context, `?theme=${theme}&testWallet=off`)
  const dialog = modal(page)
  await connectButton(page).click()
  await dialog.getByTestId('email-input').waitFor()
  await shot(page, 'Connect-email-social')
  await dialog.getByTestId('email-input').fill('ada@example')
  await dialog.getByTestId('email-submit').click()
  await dialog.getByTestId('email-error').filter({ hasText: 'valid email address' }).waitFor()
  await shot(page, 'Connect-email-invalid')

  const [popup] = await Promise.all([context.waitForEvent('page'), dialog.getByTestId('social-google').click()])
  await dialog.getByTestId('connecting-social').waitFor()
  await popup.waitForURL(/\/interaction\//, { timeout: 20_000 })
  await shot(page, 'ConnectingSocial')
  await popup.close()
  await dialog.getByTestId('social-error').filter({ hasText: 'Popup closed' }).waitFor({ timeout: 5_000 })
  await shot(page, 'ConnectingSocial-closed')
  await dialog.getByRole('button', { name: 'Back' }).click()
  await dialog.getByTestId('social-farcaster').click()
  await dialog.getByTestId('farcaster-qr').waitFor({ timeout: 20_000 })
  await shot(page, 'ConnectingFarcaster')
  await dialog.getByRole('button', { name: 'Back' }).click()

  await dialog.getByTestId('email-input').fill(email)
  await dialog.getByTestId('email-submit').click()
  await dialog.getByTestId('email-otp').waitFor({ timeout: 20_000 })
  await shot(page, 'EmailLogin')
  await dialog.getByTestId('otp-input').fill('000000')
  await dialog.getByTestId('otp-submit').click()
  await dialog.getByTestId('otp-error').filter({ hasText: /code/ }).waitFor({ timeout: 10_000 })
  await shot(page, 'EmailLogin-wrong-code')
  await dialog.getByTestId('otp-input').fill(await mailedCode(info.apiUrl, email, 1))
  await dialog.getByTestId('otp-submit').click()
  await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor({ timeout: 30_000 })
  const address = (await page.getByTestId('site-address').textContent()) as `0x${string}`

  // Its balance (0) is cached at login (SPEC §9: portfolio 30 s) by a read that may still be on its way:
  // wait until it is cached before dropping it, or it lands after the drop and shows 0 (as embedded.e2e waits).
  await page.waitForFunction(() => localStorage.getItem('@portico/portfolio_cache') !== null, undefined, { timeout: 20_000 })
  const rpcUrl = info.chains[0]!.rpcUrl
  const funder = createWalletClient({ account: privateKeyToAccount(DEV_ACCOUNTS[4]!.privateKey), transport: http(rpcUrl) })
  const funded = await funder.sendTransaction({ to: address, value: parseEther('1'), chain: null })
  await createPublicClient({ transport: http(rpcUrl) }).waitForTransactionReceipt({ hash: funded })
  // The server caches balances too (SPEC §9 portfolio, 30 s) until its indexer sees the transfer: wait until it
  // answers the funded balance (as the journeys' fund() does), then drop the page's cache.
  const served = `${info.apiUrl}/v1/account/${address}/balance?projectId=portico-dev&chainId=eip155:${info.chains[0]!.chainId}&currency=usd`
  for (let tries = 0; tries < 100; tries++) {
    const body = (await (await fetch(served)).json()) as { balances?: { address?: string; quantity: { numeric: string } }[] }
    if (body.balances?.find((b) => !b.address)?.quantity.numeric === '1') break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await page.evaluate(() => localStorage.removeItem('@portico/portfolio_cache'))
  await connectButton(page).click()
  await dialog.getByTestId('account-balance').filter({ hasText: '1.000 ETH' }).waitFor({ timeout: 20_000 })
  await shot(page, 'Account-email')

  await dialog.getByTestId('feature-send').click()
  await dialog.getByTestId('send-amount').fill('0.1')
  await dialog.getByTestId('send-receiver').fill(DEV_ACCOUNTS[3]!.address)
  await dialog.getByTestId('send-continue').filter({ hasText: 'Preview Send' }).waitFor({ timeout: 10_000 })
  await dialog.getByTestId('send-continue').click()
  await dialog.getByTestId('preview-fee').filter({ hasText: 'ETH' }).waitFor({ timeout: 10_000 })
  await dialog.getByTestId('send-submit').click()
  const approve = page.frameLocator('iframe[data-testid=portico-secure-frame]').getByTestId('frame-approve')
  await approve.waitFor({ timeout: 20_000 })
  await page.waitForTimeout(900) // the frame enables its buttons after a short delay
  await shot(page, 'ApproveTransaction')
  await approve.click()
  await dialog.getByTestId('portico-snack').filter({ hasText: 'Transaction sent' }).waitFor({ timeout: 30_000 })

  await dialog.getByTestId('account-view').waitFor()
  await dialog.getByTestId('account-update-email').click()
  await dialog.getByTestId('update-email-input').waitFor()
  await shot(page, 'UpdateEmailWallet')
  await dialog.getByTestId('update-email-input').fill(`new.${email}`)
  await submitPastCooldown(page, 'update-email-submit', 'update-email-error', 'update-email-primary')
  await shot(page, 'UpdateEmailWallet-primary')
  await dialog.getByTestId('update-primary-otp-input').fill(await mailedCode(info.apiUrl, email, 2))
  await dialog.getByTestId('update-primary-otp-submit').click()
  await dialog.getByTestId('update-email-secondary').waitFor({ timeout: 20_000 })
  await shot(page, 'UpdateEmailWallet-secondary')
  await context.close()
}

/** From the Connect view without a browser wallet: the pairing QR, then AllWallets. */
async function walletConnectShots(page: Page, shot: (page: Page, name: string) => Promise<void>) {
  await modal(page).getByTestId('wallet-walletConnect').click()
  await modal(page).getByTestId('wc-qr').waitFor({ timeout: 20_000 })
  await shot(page, 'ConnectingWalletConnect')
  await modal(page).getByRole('button', { name: 'Back' }).click()
  await modal(page).getByTestId('all-wallets-entry').click()
  await modal(page).locator('[data-testid^="all-wallet-"]').first().waitFor({ timeout: 15_000 })
  await shot(page, 'AllWallets')
}

/** Swap: empty, quoted, the price-impact warning, the token picker and the preview (a fresh account with 10 ETH). */
async function swapShots(browser: Browser, viewport: { width: number; height: number }, theme: string, shot: (page: Page, name: string) => Promise<void>) {
  const privateKey = generatePrivateKey()
  const rpcUrl = stack.devnet.chains[0]!.rpcUrl
  await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setBalance',
      params: [privateKeyToAccount(privateKey).address, `0x${parseEther('10').toString(16)}`],
    }),
  })
  const context = await newWalletContext(info, browser, { privateKey, autoApprove: true }, { viewport })
  const page = await openDemo(info, context, `?theme=${theme}`)
  await connectButton(page).click()
  await page.getByTestId('wallet-dev.portico.testwallet').click()
  await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
  await connectButton(page).click()
  const dialog = modal(page)
  await dialog.getByTestId('feature-swaps').click()
  await dialog.getByTestId('swap-continue').filter({ hasText: 'Enter amount' }).waitFor()
  await shot(page, 'Swap-empty')
  await dialog.getByTestId('swap-amount').fill('0.5')
  await dialog.getByTestId('swap-continue').filter({ hasText: 'Review Swap' }).waitFor({ timeout: 10_000 })
  await dialog.getByTestId('swap-fee').filter({ hasText: '$' }).waitFor()
  await shot(page, 'Swap-quoted')
  await dialog.getByTestId('swap-to').click()
  await dialog.getByTestId('swap-token-picker').waitFor()
  await shot(page, 'SwapSelectToken')
  await dialog.getByRole('button', { name: 'Back' }).click()
  await dialog.getByTestId('swap-amount').fill('9')
  await dialog.getByTestId('swap-impact-warning').waitFor({ timeout: 10_000 })
  await shot(page, 'Swap-price-impact')
  await dialog.getByTestId('swap-continue').click()
  await dialog.getByTestId('swap-preview').waitFor()
  await shot(page, 'SwapPreview')
  await context.close()
}

// SCREENSHOTS_ONLY=signin-names-onramp (or =embedded, =swap, =solana) takes only those views (the rest take a while on a small machine).
const only = process.env.SCREENSHOTS_ONLY
const nameLabels = ['ada-lovelace', 'grace-hopper', 'alan-turing', 'edsger-dijkstra']

try {
  for (const theme of ['dark', 'light'] as const) {
    for (const [sizeName, viewport] of Object.entries(sizes)) {
      const shot = async (page: Page, name: string) => {
        await page.waitForTimeout(400) // let the 150 ms transitions settle
        const file = `${out}/${name}-${theme}-${sizeName}.png`
        await page.screenshot({ path: file })
        shots.push(file)
      }
      if (only === 'walletconnect') {
        const empty = await browser.newContext({ viewport })
        const emptyPage = await openDemo(info, empty, `?theme=${theme}&testWallet=off`)
        await connectButton(emptyPage).click()
        await walletConnectShots(emptyPage, shot)
        await empty.close()
        continue
      }
      if (only === 'solana') {
        await solanaShots(browser, info, viewport, theme, shot)
        continue
      }
      if (only === 'embedded') {
        await embeddedShots(browser, viewport, theme, shot)
        continue
      }
      await swapShots(browser, viewport, theme, shot)
      if (only === 'swap') continue
      await solanaShots(browser, info, viewport, theme, shot)
      await signInNamesOnrampShots(browser, viewport, theme, shot, nameLabels[(theme === 'dark' ? 0 : 2) + (sizeName === 'desktop' ? 0 : 1)]!)
      if (only === 'signin-names-onramp') continue
      await embeddedShots(browser, viewport, theme, shot)
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
      await walletConnectShots(emptyPage, shot)
      await empty.close()
    }
  }
  console.log(`${shots.length} screenshots in ${out}`)
} finally {
  await browser.close()
  await stack.stop()
}
