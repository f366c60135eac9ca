import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'
import { chainReader } from './support/wallet.js'

const { newWalletContext, openDemo, stack } = useJourney()

interface Focused {
  /** data-testid, else aria-label, else text of the focused element. */
  name: string
  inDialog: boolean
  /** Visible and outside any inert or hidden part. */
  reachable: boolean
  onPage: boolean
}

/** The element that really has focus (through shadow roots) and where it is. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    const h = el as HTMLElement | null
    return {
      name: h?.dataset.testid ?? h?.getAttribute('aria-label') ?? h?.textContent?.trim().slice(0, 40) ?? '',
      inDialog: Boolean(h?.closest('[role=dialog]')),
      reachable: Boolean(h && !h.closest('[inert],[hidden],[aria-hidden=true]') && h.checkVisibility({ visibilityProperty: true })),
      onPage: h === document.body,
    }
  })
}

/** Presses Tab until `name` has focus; every stop on the way is a reachable control inside the dialog. */
async function tabTo(page: Page, name: string | RegExp, { max = 40, inDialog = true } = {}) {
  const stops: string[] = []
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    const now = await focused(page)
    stops.push(now.name)
    if (inDialog) expect(now, `stop ${i + 1} (${stops.join(' → ')})`).toMatchObject({ inDialog: true, reachable: true })
    if (typeof name === 'string' ? now.name === name : name.test(now.name)) return stops
  }
  throw new Error(`${name} not reached by Tab: ${stops.join(' → ')}`)
}

describe('keyboard only', () => {
  test('Tab and Shift+Tab cycle inside the dialog over reachable controls only; Escape returns focus to the opener', async () => {
    const page = await openDemo(await newWalletContext())
    // Rendered ahead (hidden, inert) before any open: nothing of it is reachable from the page.
    await page.waitForFunction(() => [...document.querySelectorAll('portico-host')].some((h) => h.shadowRoot?.querySelector('[role=dialog]')))
    await tabTo(page, 'Connect Wallet', { inDialog: false })
    await page.keyboard.press('Enter')
    await modal(page).waitFor()
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true)

    // Forward: all the stops, until the first comes round again.
    const first = (await focused(page)).name
    const forward: string[] = []
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab')
      const now = await focused(page)
      expect(now).toMatchObject({ inDialog: true, reachable: true })
      if (now.name === first) break
      forward.push(now.name)
    }
    expect(forward).toContain('Close')
    expect(forward).not.toContain('Back') // hidden on the first view
    // Backward: the same stops in reverse.
    const backward: string[] = []
    for (let i = 0; i < forward.length; i++) {
      await page.keyboard.press('Shift+Tab')
      const now = await focused(page)
      expect(now).toMatchObject({ inDialog: true, reachable: true })
      backward.push(now.name)
    }
    expect(backward).toEqual([...forward].reverse())

    await page.keyboard.press('Escape')
    await expect.poll(() => modal(page).count()).toBe(0)
    expect(await focused(page)).toMatchObject({ name: 'Connect Wallet', inDialog: false })
    await page.context().close()
  })

  test('connect: Tab to the button, Enter, Tab to the test wallet, Enter — connected; Enter again shows the Account view', async () => {
    const page = await openDemo(await newWalletContext({ autoApprove: true }))
    await tabTo(page, 'Connect Wallet', { inDialog: false })
    await page.keyboard.press('Enter')
    await modal(page).waitFor()
    const stops = await tabTo(page, 'wallet-dev.portico.testwallet')
    console.log(`[keyboard] Tab presses to the test wallet: ${stops.length}`)
    await page.keyboard.press('Enter')
    await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
    // The modal closes on connect and focus is back on the page's button, now the account button.
    await expect.poll(() => modal(page).count()).toBe(0)
    await expect.poll(async () => (await focused(page)).name).toMatch(/^Account 0x/)
    await page.keyboard.press('Enter')
    await modal(page).getByTestId('account-view').waitFor()
    expect((await focused(page)).inDialog).toBe(true)
    await page.context().close()
  })

  test('send: from the Account view to a mined transfer with the keyboard alone', async () => {
    const chain = chainReader(stack.chains[0]!.rpcUrl)
    const receiver = DEV_ACCOUNTS[4]!.address
    const before = await chain.eth(receiver)
    const page = await openDemo(await newWalletContext({ autoApprove: true }))
    await connectButton(page).focus()
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true)
    await tabTo(page, 'wallet-dev.portico.testwallet')
    await page.keyboard.press('Enter')
    await page.getByTestId('site-address').filter({ hasText: '0x' }).waitFor()
    await expect.poll(async () => (await focused(page)).name).toMatch(/^Account 0x/)
    await page.keyboard.press('Enter')
    const dialog = modal(page)
    await dialog.getByTestId('account-balance').filter({ hasText: 'ETH' }).waitFor()

    await tabTo(page, 'feature-send')
    await page.keyboard.press('Enter')
    await dialog.getByTestId('wallet-send').waitFor()
    await tabTo(page, 'send-amount')
    await page.keyboard.type('0.25')
    await tabTo(page, 'send-receiver')
    await page.keyboard.type(receiver)
    await expect.poll(() => dialog.getByTestId('send-continue').textContent(), { timeout: 5_000 }).toBe('Preview Send')
    await tabTo(page, 'send-continue')
    await page.keyboard.press('Enter')
    await dialog.getByTestId('wallet-send-preview').waitFor()
    await expect.poll(() => dialog.getByTestId('preview-fee').textContent(), { timeout: 30_000 }).toMatch(/ETH/)
    await tabTo(page, 'send-submit')
    await page.keyboard.press('Enter')
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 20_000 }).toBe('Transaction sent')
    expect((await chain.eth(receiver)) - before).toBe(250_000_000_000_000_000n)
    await page.context().close()
  })
})
