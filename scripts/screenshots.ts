// `npm run screenshots`: every view, dark and light, desktop and narrow, into screenshots/.
// Runs the same real stack as the journeys (devnet + demo build) and drives the real test wallet.
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { connectButton, launchBrowser, modal, newWalletContext, openDemo } from '../e2e/support/browser.js'
import { startStack } from '../e2e/support/stack.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = `${root}/screenshots`
mkdirSync(out, { recursive: true })

const stack = await startStack({ outDir: `${root}/e2e/.demo-dist` })
const info = { demoUrl: stack.demoUrl, chains: stack.devnet.chains }
const browser = await launchBrowser()
const sizes = { desktop: { width: 1100, height: 760 }, narrow: { width: 390, height: 844 } }
const shots: string[] = []

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

      const empty = await browser.newContext({ viewport })
      const emptyPage = await openDemo(info, empty, `?theme=${theme}&testWallet=off`)
      await connectButton(emptyPage).click()
      await modal(emptyPage).getByTestId('no-wallets').waitFor()
      await shot(emptyPage, 'Connect-no-wallets')
      await empty.close()
    }
  }
  console.log(`${shots.length} screenshots in ${out}`)
} finally {
  await browser.close()
  await stack.stop()
}
