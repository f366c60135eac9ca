import { createRequire } from 'node:module'
import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, test } from 'vitest'
import { uniqueEmail } from './support/embedded.js'
import { connectButton, modal, useJourney } from './support/journey.js'

const { newWalletContext, openDemo } = useJourney()
const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source

interface Finding {
  view: string
  rule: string
  impact: string
  nodes: number
  target: string
}
const findings: Finding[] = []
const audited: string[] = []

/**
 * axe-core on the open modal (its shadow root through the host element: axe walks open shadow
 * roots), WCAG 2.x A/AA rules and axe's best practices. Every finding is kept for the figures;
 * the tests fail on serious and critical ones.
 */
async function audit(page: Page, view: string, label = view) {
  // The view's own element is there and its data has settled (no spinner left in the body).
  await page
    .waitForFunction(
      (name) => {
        const host = [...document.querySelectorAll('portico-host')].find((h) => h.shadowRoot?.querySelector('[role=dialog]:not(.ahead *)'))
        const root = host?.shadowRoot
        return Boolean(root?.querySelector(`[data-view="${name}"]`) && !root.querySelector('.body [role=progressbar], .body .spinner'))
      },
      view,
      { timeout: 15_000 },
    )
    .catch(() => {}) // a view whose spinner is its content (e.g. waiting on a wallet) is audited as it is
  await page.waitForFunction(() => [...document.querySelectorAll('portico-host')].some((h) => h.shadowRoot?.querySelector('[role=dialog]')))
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource })
  const results = await page.evaluate(async () => {
    const host = [...document.querySelectorAll('portico-host')].find((h) => h.shadowRoot?.querySelector('[role=dialog]'))!
    const axe = (
      window as unknown as {
        axe: { run: (c: Element, o: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown }> }> }> }
      }
    ).axe
    const { violations } = await axe.run(host, { resultTypes: ['violations'] })
    return violations.map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.length, target: JSON.stringify(v.nodes[0]?.target) }))
  })
  const theme = await page.evaluate(() => document.querySelector('portico-host[data-theme]')?.getAttribute('data-theme'))
  audited.push(`${label} (${theme})`)
  for (const r of results) findings.push({ view: `${label} (${theme})`, ...r })
}

/** The serious and critical findings since `from` (an index into findings: each test's own). */
const serious = (from: number) => findings.slice(from).filter((f) => f.impact === 'serious' || f.impact === 'critical')

afterAll(() => {
  console.log(`[axe] ${audited.length} views audited: ${audited.join(', ')}`)
  console.log(`[axe] ${findings.length} findings (${findings.filter((f) => f.impact === 'serious' || f.impact === 'critical').length} serious or critical):`)
  for (const f of findings) console.log(`[axe]   ${f.impact.padEnd(8)} ${f.rule} × ${f.nodes} in ${f.view} — ${f.target}`)
})

/** Email login up to its code step, waiting out the server's per-address send limit if it answers first. */
async function emailCode(page: Page) {
  await connectButton(page).click()
  const dialog = modal(page)
  await dialog.getByTestId('email-input').fill(uniqueEmail('axe'))
  await dialog.getByTestId('email-submit').click()
  const otp = dialog.getByTestId('email-otp')
  const error = dialog.getByTestId('email-error')
  await expect.poll(async () => (await otp.isVisible()) || Boolean(await error.textContent().catch(() => '')), { timeout: 20_000 }).toBe(true)
  const wait = /after (\d+) seconds/.exec((await error.textContent().catch(() => '')) ?? '')
  if (wait) {
    await page.waitForTimeout((Number(wait[1]) + 1) * 1000)
    await dialog.getByTestId('email-submit').click()
  }
  await otp.waitFor({ timeout: 20_000 })
}

async function back(page: Page) {
  await modal(page).getByRole('button', { name: 'Back' }).click()
}

describe.each(['dark', 'light'])('axe-core, %s theme: no serious or critical violation on any view', (theme) => {
  const query = theme === 'light' ? '?theme=light' : ''

  test('views before connecting: Connect, AllWallets, WalletConnect QR, EmailLogin (OTP)', async () => {
    const from = findings.length
    const page = await openDemo(await newWalletContext(), query)
    await connectButton(page).click()
    const dialog = modal(page)
    await dialog.getByTestId('wallet-dev.portico.testwallet').waitFor()
    await audit(page, 'Connect')
    await dialog.getByTestId('all-wallets-entry').click()
    await audit(page, 'AllWallets')
    await back(page)
    await dialog.getByTestId('wallet-walletConnect').click()
    await dialog.getByTestId('wc-qr').waitFor({ timeout: 20_000 })
    await audit(page, 'ConnectingWalletConnect')
    await back(page)
    await dialog.getByTestId('wallet-dev.portico.testwallet').click()
    await dialog.locator('[data-view=ConnectingExternal]').waitFor()
    await audit(page, 'ConnectingExternal')
    await page.context().close()

    const second = await openDemo(await newWalletContext(), query)
    await emailCode(second)
    await audit(second, 'EmailLogin')
    await second.context().close()
    expect(serious(from)).toEqual([])
  }, 120_000)

  test('views of a connected wallet: Account and its tabs, Networks, Wallets, Send, its token list and preview, Receive, Swap, its token list, Buy, Names', async () => {
    const from = findings.length
    const page = await openDemo(await newWalletContext({ autoApprove: true }), query)
    await connectButton(page).click()
    await page.getByTestId('wallet-dev.portico.testwallet').click()
    await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
    await connectButton(page).click()
    const dialog = modal(page)
    await dialog.getByTestId('account-balance').filter({ hasText: 'ETH' }).waitFor()
    await audit(page, 'Account')
    await dialog.getByRole('tab', { name: 'NFTs' }).click()
    await audit(page, 'Account', 'Account: NFTs')
    await dialog.getByRole('tab', { name: 'Activity' }).click()
    await audit(page, 'Account', 'Account: Activity')
    await dialog.getByRole('tab', { name: 'Tokens' }).click()

    await dialog.getByTestId('account-network').click()
    await audit(page, 'Networks')
    await back(page)
    await dialog.getByTestId('account-wallets').click()
    await audit(page, 'ProfileWallets')
    await back(page)

    await dialog.getByTestId('feature-send').click()
    await audit(page, 'WalletSend')
    await dialog.getByTestId('send-token').click()
    await audit(page, 'WalletSendSelectToken')
    await back(page)
    await dialog.getByTestId('send-amount').fill('0.01')
    await dialog.getByTestId('send-receiver').fill(DEV_ACCOUNTS[2]!.address)
    await expect.poll(() => dialog.getByTestId('send-continue').textContent(), { timeout: 5_000 }).toBe('Preview Send')
    await dialog.getByTestId('send-continue').click()
    // The fee estimate is a chain read: on a loaded machine it was seen to take longer than the default 5 s.
    await expect.poll(() => dialog.getByTestId('preview-fee').textContent(), { timeout: 30_000 }).toMatch(/ETH/)
    await audit(page, 'WalletSendPreview')
    await back(page)
    await back(page)

    await dialog.getByTestId('feature-receive').click()
    await audit(page, 'WalletReceive')
    await back(page)

    await dialog.getByTestId('feature-swaps').click()
    await expect.poll(() => dialog.getByTestId('swap-from').textContent()).toContain('ETH')
    await audit(page, 'Swap')
    await dialog.getByTestId('swap-to').click()
    await dialog.getByTestId('swap-token-picker').waitFor()
    await audit(page, 'SwapSelectToken')
    await back(page)
    await back(page)

    await dialog.getByTestId('feature-onramp').click()
    await audit(page, 'OnRampTokenSelect')
    await dialog.getByTestId('onramp-token-USDC').click()
    await audit(page, 'OnRampFiatSelect')
    await dialog.getByTestId('onramp-fiat-USD').click()
    await dialog.getByTestId('onramp-providers').waitFor()
    await audit(page, 'OnRampProviders')
    await back(page)
    await back(page)
    await back(page)

    await dialog.getByTestId('account-register-name').click()
    await audit(page, 'RegisterAccountName')
    await page.context().close()
    expect(serious(from)).toEqual([])
  }, 180_000)

  test('wallet sign-in: SIWXSignMessage', async () => {
    const from = findings.length
    const page = await openDemo(await newWalletContext({ autoApprove: true }), `${query || '?'}${query ? '&' : ''}siwx=required`)
    await connectButton(page).click()
    await page.getByTestId('wallet-dev.portico.testwallet').click()
    await modal(page).getByTestId('siwx-sign-message').waitFor()
    await audit(page, 'SIWXSignMessage')
    await page.context().close()
    expect(serious(from)).toEqual([])
  })
})
