import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { createWalletConnectTestWallet, type WalletConnectTestWallet } from '@portico/test-wallets/walletconnect'
import type { Page } from 'playwright-core'
import { afterEach, describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'
import { chainReader } from './support/wallet.js'

const { newWalletContext, openDemo, stack } = useJourney()
const WALLET = DEV_ACCOUNTS[3]!
const relayOf = (apiUrl: string) => `${apiUrl.replace(/^http/, 'ws')}/relay`
const wallets: WalletConnectTestWallet[] = []
afterEach(async () => {
  while (wallets.length)
    await wallets
      .pop()!
      .close()
      .catch(() => undefined)
})

/** The WalletConnect test wallet (the real wallet SDK in Node) holding dev account 3. */
async function wcWallet(relayUrl = relayOf(stack.apiUrl)) {
  const wallet = await createWalletConnectTestWallet({
    relayUrl,
    privateKey: WALLET.privateKey,
    rpc: Object.fromEntries(stack.chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl])),
    autoApprove: true,
  })
  wallets.push(wallet)
  return wallet
}

/** Opens the demo without a browser wallet, chooses WalletConnect and returns the QR's URI. */
async function showQr(page: Page) {
  await connectButton(page).click()
  const started = Date.now()
  await modal(page).getByTestId('wallet-walletConnect').click()
  const qr = modal(page).getByTestId('wc-qr')
  await qr.waitFor({ timeout: 20_000 })
  const uri = (await qr.getAttribute('data-value'))!
  return { uri, qrMs: Date.now() - started }
}

describe('WalletConnect through Portico’s relay', () => {
  test('QR shown → the test wallet pairs through the relay → Account shows its address; reload restores the session', async () => {
    const page = await openDemo(await newWalletContext(), '?testWallet=off')
    const { uri, qrMs } = await showQr(page)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    const wallet = await wcWallet()
    const approvedAt = Date.now()
    await wallet.pair(uri)
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(WALLET.address)
    console.log(`[figures] click → QR shown ${qrMs} ms; pair → address shown ${Date.now() - approvedAt} ms (local relay)`)

    await page.reload()
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(WALLET.address)
    await page.context().close()
  })

  test('personal_sign (sign-in) and a native send go through WalletConnect to the wallet', async () => {
    const chain = chainReader(stack.chains[0]!.rpcUrl)
    const receiver = DEV_ACCOUNTS[4]!.address
    const before = await chain.eth(receiver)
    const page = await openDemo(await newWalletContext(), '?testWallet=off&siwx=optional')
    const { uri } = await showQr(page)
    const wallet = await wcWallet()
    await wallet.pair(uri)
    // Sign-in asks the wallet for personal_sign over the relay.
    const dialog = modal(page)
    await dialog.getByRole('button', { name: 'Sign', exact: true }).click({ timeout: 30_000 })
    await expect.poll(() => wallet.handled().some((h) => h.method === 'personal_sign' && h.approved), { timeout: 30_000 }).toBe(true)
    // The session is stored, and listed with the token the modal kept for the address.
    await expect
      .poll(
        async () => {
          const book = JSON.parse((await page.evaluate(() => localStorage.getItem('@portico/siwx_tokens'))) ?? '{}') as Record<
            string,
            Record<string, { token: string }>
          >
          const token = Object.values(book[WALLET.address.toLowerCase()] ?? {})[0]?.token
          if (!token) return 0
          const res = await fetch(`${stack.apiUrl}/v1/sessions/${WALLET.address}?projectId=portico-dev`, { headers: { authorization: `Bearer ${token}` } })
          return ((await res.json()) as { sessions: unknown[] }).sessions.length
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0)

    await connectButton(page).click()
    await dialog.getByTestId('account-view').waitFor()
    await dialog.getByTestId('feature-send').click()
    await dialog.getByTestId('send-amount').fill('0.75')
    await dialog.getByTestId('send-receiver').fill(receiver)
    await expect.poll(() => dialog.getByTestId('send-continue').textContent(), { timeout: 10_000 }).toBe('Preview Send')
    await dialog.getByTestId('send-continue').click()
    await dialog.getByTestId('send-submit').click()
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 40_000 }).toBe('Transaction sent')
    expect((await chain.eth(receiver)) - before).toBe(750_000_000_000_000_000n)
    expect(wallet.handled().some((h) => h.method === 'eth_sendTransaction' && h.approved)).toBe(true)
    await page.context().close()
  })
})
