// `npm run screenshots:languages`: Connect, Account, Send and its preview in Arabic (right to left) and
// Japanese, dark and light, desktop and narrow, into screenshots/languages/ (issue 19's proof, looked at by
// hand). SCREENSHOT_LOCALES=ar,ja,es picks other locales. The same real stack as the journeys (devnet,
// server, demo build) and the real test wallet, auto-approving.
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { connectButton, launchBrowser, modal, newWalletContext, openDemo } from '../e2e/support/browser.js'
import { startStack } from '../e2e/support/stack.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = `${root}/screenshots/languages`
mkdirSync(out, { recursive: true })

const stack = await startStack({ outDir: `${root}/.vite/screenshots-languages-demo` })
const info = { demoUrl: stack.demoUrl, apiUrl: stack.server.url, chains: stack.devnet.chains }
const browser = await launchBrowser()
const sizes = { desktop: { width: 1100, height: 760 }, narrow: { width: 390, height: 844 } }
const locales = (process.env.SCREENSHOT_LOCALES ?? 'ar,ja').split(',')
const shots: string[] = []

try {
  for (const locale of locales) {
    for (const theme of ['dark', 'light'] as const) {
      for (const [sizeName, viewport] of Object.entries(sizes)) {
        const shot = async (page: Page, name: string) => {
          await page.waitForTimeout(400) // let the 150 ms transitions settle
          const file = `${out}/${locale}-${name}-${theme}-${sizeName}.png`
          await page.screenshot({ path: file })
          shots.push(file)
        }
        const context = await newWalletContext(info, browser, { autoApprove: true }, { viewport })
        const page = await openDemo(info, context, `?theme=${theme}&locale=${locale}`)
        const dialog = modal(page)
        await connectButton(page).click()
        await dialog.getByTestId('wallet-dev.portico.testwallet').waitFor()
        await shot(page, 'Connect')
        await dialog.getByTestId('wallet-dev.portico.testwallet').click()
        await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
        await connectButton(page).click()
        await dialog.getByTestId('token-USDC').waitFor()
        await dialog.getByTestId('account-balance').filter({ hasText: 'ETH' }).waitFor()
        await shot(page, 'Account')
        await dialog.getByTestId('feature-send').click()
        await dialog.getByTestId('send-amount').fill('2.5')
        await dialog.getByTestId('send-receiver').fill(DEV_ACCOUNTS[1]!.address)
        await dialog.locator('[data-testid=send-continue]:not([disabled])').waitFor()
        await shot(page, 'Send')
        await dialog.getByTestId('send-continue').click()
        await dialog.getByTestId('preview-fee').filter({ hasText: 'ETH' }).waitFor()
        await shot(page, 'SendPreview')
        await context.close()
      }
    }
  }
  console.log(`${shots.length} screenshots in ${out}`)
} finally {
  await browser.close()
  await stack.stop()
}
