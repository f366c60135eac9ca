import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import type { Page } from 'playwright-core'
import { createPublicClient, createWalletClient, formatEther, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { expect } from 'vitest'
import { connectButton, modal } from './browser.js'

export const FRAME = 'iframe[data-testid=portico-secure-frame]'
export const uniqueEmail = (name: string) => `${name}+${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`

export interface Mail {
  to: string
  subject: string
  text: string
  receivedAt: string | number
}

/** Email login, the dev mail inbox and the secure frame's approval screen, against one stack. */
export function embeddedHelpers(stack: { apiUrl: string; chains: { rpcUrl: string }[] }) {
  /** The dev mail catcher's inbox for one address (GET {server}/dev/mail.json?to=…). */
  async function inbox(email: string): Promise<Mail[]> {
    const response = await fetch(`${stack.apiUrl}/dev/mail.json?to=${encodeURIComponent(email)}`)
    const { messages } = (await response.json()) as { messages: Mail[] }
    return [...messages].sort((a, b) => new Date(a.receivedAt).getTime() - new Date(b.receivedAt).getTime())
  }

  /** Waits for mail number `index` (0-based) to `email` and reads the code from it. */
  async function codeFrom(email: string, index = 0): Promise<string> {
    await expect.poll(async () => (await inbox(email)).length, { timeout: 20_000 }).toBeGreaterThan(index)
    const mail = (await inbox(email))[index]!
    const code = /\b(\d{6,8})\b/.exec(`${mail.subject} ${mail.text}`)?.[1]
    if (!code) throw new Error(`no code in mail "${mail.subject}"`)
    return code
  }

  async function startEmailLogin(page: Page, email: string) {
    await connectButton(page).click()
    const dialog = modal(page)
    await dialog.getByTestId('email-input').fill(email)
    await dialog.getByTestId('email-submit').click()
    await dialog.getByTestId('email-otp').waitFor({ timeout: 30_000 })
  }

  /** Email login with the code from the mail catcher; returns the embedded wallet's address. */
  async function emailLogin(page: Page, email: string): Promise<string> {
    await startEmailLogin(page, email)
    const dialog = modal(page)
    await dialog.getByTestId('otp-input').fill(await codeFrom(email))
    await dialog.getByTestId('otp-submit').click()
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toMatch(/^0x[0-9a-fA-F]{40}$/)
    return (await page.getByTestId('site-address').textContent())!
  }

  async function approveInFrame(page: Page) {
    const approve = page.frameLocator(FRAME).getByTestId('frame-approve')
    await approve.waitFor({ timeout: 20_000 })
    // The frame enables its buttons after a short delay (clickjacking).
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
    await approve.click()
  }

  async function fund(address: string, ether: string) {
    const chain = stack.chains[0]!
    const account = privateKeyToAccount(DEV_ACCOUNTS[4]!.privateKey as `0x${string}`)
    const wallet = createWalletClient({ account, transport: http(chain.rpcUrl) })
    const hash = await wallet.sendTransaction({ to: address as `0x${string}`, value: parseEther(ether), chain: null })
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    await client.waitForTransactionReceipt({ hash })
    // The server caches balances (SPEC §9 portfolio, 30 s) until its indexer sees a transfer: wait until it
    // answers the funded balance, as it does about a block poll after the funding.
    const [chainId, funded] = await Promise.all([client.getChainId(), client.getBalance({ address: address as `0x${string}` })])
    const url = `${stack.apiUrl}/v1/account/${address}/balance?projectId=portico-dev&chainId=eip155:${chainId}&currency=usd`
    const served = async () =>
      ((await (await fetch(url)).json()) as { balances: { address?: string; quantity: { numeric: string } }[] }).balances.find((b) => !b.address)
    await expect.poll(async () => (await served())?.quantity.numeric, { timeout: 20_000, interval: 200 }).toBe(formatEther(funded))
  }
  return { inbox, codeFrom, startEmailLogin, emailLogin, approveInFrame, fund }
}
