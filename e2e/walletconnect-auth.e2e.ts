/**
 * SPEC §4 'A universal-provider sign-in works only when all chains are eip155. It shows
 * 'Authenticating...' and disconnects on failure.' In real Chromium: the demo with its EVM chains
 * only and the server's sign-in, the WalletConnect test wallet (the real wallet SDK in Node)
 * answering wc_sessionAuthenticate through Portico's relay.
 */
import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { createWalletConnectTestWallet, type WalletConnectTestWallet } from '@portico/test-wallets/walletconnect'
import type { Page } from 'playwright-core'
import { afterEach, describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'

const { newWalletContext, openDemo, stack } = useJourney()
const WALLET = DEV_ACCOUNTS[3]!
const wallets: WalletConnectTestWallet[] = []
afterEach(async () => {
  while (wallets.length)
    await wallets
      .pop()!
      .close()
      .catch(() => undefined)
})

async function wcWallet(options: { oneClickAuth?: boolean } = {}) {
  const wallet = await createWalletConnectTestWallet({
    ...options,
    relayUrl: `${stack.apiUrl.replace(/^http/, 'ws')}/relay`,
    privateKey: WALLET.privateKey,
    rpc: Object.fromEntries(stack.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
  })
  wallets.push(wallet)
  return wallet
}

async function showQr(page: Page) {
  await connectButton(page).click()
  await modal(page).getByTestId('wallet-walletConnect').click()
  const qr = modal(page).getByTestId('wc-qr')
  await qr.waitFor({ timeout: 20_000 })
  return (await qr.getAttribute('data-value'))!
}

/** The sessions the server lists for the wallet's address with the token the modal kept. */
async function serverSessions(page: Page) {
  const book = JSON.parse((await page.evaluate(() => localStorage.getItem('@portico/siwx_tokens'))) ?? '{}') as Record<
    string,
    Record<string, { token: string }>
  >
  const token = Object.values(book[WALLET.address.toLowerCase()] ?? {})[0]?.token
  if (!token) return []
  const res = await fetch(`${stack.apiUrl}/v1/sessions/${WALLET.address}?projectId=portico-dev`, { headers: { authorization: `Bearer ${token}` } })
  return ((await res.json()) as { sessions: Array<{ data: { chainId: string }; cacao?: { h?: { t?: string } }; createdAt: string }> }).sessions
}
/** Sessions of the address stored since `since` (other journeys sign in with the same dev account on this server). */
const storedSince = async (page: Page, since: number) => (await serverSessions(page)).filter((s) => Date.parse(s.createdAt) >= since - 2_000)

describe('SPEC §4 WalletConnect one-click auth', () => {
  test("QR pairing → one approval → connected and signed in ('Authenticating...' while the server verifies; its session exists)", async () => {
    const page = await openDemo(await newWalletContext(), '?testWallet=off&siwx=optional&networks=evm')
    // The real server answers, a moment later, so the loading snack can be seen.
    await page.route(`${stack.apiUrl}/v1/sessions/${WALLET.address}?*`, async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 1_500))
      await route.continue()
    })
    const uri = await showQr(page)
    const wallet = await wcWallet()
    const started = Date.now()
    await wallet.pair(uri)
    await expect.poll(() => modal(page).getByTestId('portico-snack').textContent(), { timeout: 30_000 }).toBe('Authenticating...')
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(WALLET.address)
    await expect.poll(() => page.getByTestId('site-siwx').textContent(), { timeout: 20_000 }).toMatch(/^Signed in \(eip155:/)
    console.log(`[figures] pair → connected and signed in ${Date.now() - started} ms (1.5 s of it the held verification)`)
    // One approval: the wallet was asked for the sign-in request only, never for personal_sign.
    expect(wallet.handled().map((h) => h.method)).toEqual(['wc_sessionAuthenticate'])
    const sessions = await storedSince(page, started)
    expect(sessions).toHaveLength(1)
    expect(sessions[0]!.cacao?.h?.t).toBe('caip122')
    // No SIWXSignMessage follows: the modal is closed.
    await expect.poll(() => modal(page).count()).toBe(0)
    // A reload restores the authenticated session and its sign-in without asking the wallet again.
    await page.reload()
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(WALLET.address)
    await expect.poll(() => page.getByTestId('site-siwx').textContent(), { timeout: 20_000 }).toMatch(/^Signed in \(eip155:/)
    expect(wallet.handled()).toHaveLength(1)
    // The authenticated session carries the wallet's requests (the methods its ReCap granted).
    const signature = await page.evaluate(async (address) => {
      const provider = (window as unknown as { porticoProvider?: { request(a: unknown): Promise<unknown> } }).porticoProvider
      return provider?.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })
    }, WALLET.address)
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(wallet.handled().map((h) => h.method)).toEqual(['wc_sessionAuthenticate', 'personal_sign'])
    await page.context().close()
  })

  test('a refused authentication leaves the page disconnected with the error shown', async () => {
    const page = await openDemo(await newWalletContext(), '?testWallet=off&siwx=optional&networks=evm')
    const uri = await showQr(page)
    const wallet = await wcWallet()
    wallet.rejectNext('proposal')
    await wallet.pair(uri)
    await expect.poll(() => wallet.handled().map((h) => `${h.method}:${h.approved}`), { timeout: 30_000 }).toEqual(['wc_sessionAuthenticate:false'])
    await modal(page).getByRole('alert').waitFor({ timeout: 20_000 })
    expect(await modal(page).getByRole('button', { name: 'Try again' }).count()).toBe(1)
    expect(await page.getByTestId('site-address').textContent()).toBe('—')
    expect(wallet.sessions()).toHaveLength(0)
    expect(await serverSessions(page)).toHaveLength(0)
    await page.context().close()
  })

  test('a wallet without one-click auth connects through the fallback proposal, then signs the normal sign-in', async () => {
    const page = await openDemo(await newWalletContext(), '?testWallet=off&siwx=optional&networks=evm')
    const uri = await showQr(page)
    const wallet = await wcWallet({ oneClickAuth: false })
    const started = Date.now()
    await wallet.pair(uri)
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(WALLET.address)
    await modal(page).getByRole('button', { name: 'Sign', exact: true }).click({ timeout: 30_000 })
    await expect.poll(() => page.getByTestId('site-siwx').textContent(), { timeout: 20_000 }).toMatch(/^Signed in \(eip155:/)
    expect(wallet.handled().map((h) => `${h.kind}:${h.method ?? ''}`)).toEqual(['proposal:', 'request:personal_sign'])
    const sessions = await storedSince(page, started)
    expect(sessions).toHaveLength(1)
    expect(sessions[0]!.cacao).toBeUndefined()
    await page.context().close()
  })
})
