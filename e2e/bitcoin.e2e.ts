import { BITCOIN_DEV_ACCOUNTS, BITCOIN_DEVNET_CAIP2 } from '@portico/devnet/bitcoin-constants'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  amountOf,
  approveInBitcoinWallet,
  bitcoinNode,
  connectBitcoin,
  fillSend,
  openAccount,
  poll,
  SATS_CONNECT_WALLET,
  screenshot,
} from './support/bitcoin.js'
import { modal, useJourney } from './support/journey.js'

// Bitcoin through the modal: the Portico Bitcoin Test Wallet (injected like an extension, Wallet Standard and
// sats-connect faces) on the stack's regtest node (a block a second), every fact checked against the node's Esplora API.
const { newWalletContext, openDemo, stack } = useJourney()
const node = bitcoinNode()
const account = (i: number) => BITCOIN_DEV_ACCOUNTS[i]!
type PageWallet = import('@portico/test-wallets/bitcoin').BitcoinTestWalletHandle
const signed = (page: Page) => page.evaluate(() => (window as unknown as { porticoBitcoinTestWallet: PageWallet }).porticoBitcoinTestWallet.signed)

/** The address's session token the modal kept (Portico's storage in the page). */
async function storedToken(page: Page, address: string) {
  const book = JSON.parse((await page.evaluate(() => localStorage.getItem('@portico/siwx_tokens'))) ?? '{}') as Record<
    string,
    Record<string, { token: string }>
  >
  return Object.values(book[address] ?? book[address.toLowerCase()] ?? {})[0]?.token
}

/** Send → preview (choosing the fee speed) → the wallet approves → 'Transaction sent' once mined; the new txid from the node. */
async function sendThroughPreview(page: Page, { amount, to, from, speed }: { amount: string; to: string; from: string; speed?: 'slow' | 'normal' | 'fast' }) {
  const dialog = modal(page)
  const before = (await node.txs(from)).map((tx) => tx.txid)
  await dialog.getByTestId('feature-send').click()
  await fillSend(page, { amount, to })
  const next = dialog.getByTestId('send-continue')
  await poll(() => next.textContent()).toBe('Preview Send')
  await next.click()
  await dialog.getByTestId('fee-speeds').waitFor({ timeout: 15_000 })
  await poll(() => dialog.getByTestId('preview-fee').textContent(), 15_000).toMatch(/BTC/)
  if (speed) {
    await dialog.getByTestId(`fee-speed-${speed}`).click()
    await poll(() => dialog.getByTestId(`fee-speed-${speed}`).getAttribute('aria-checked')).toBe('true')
  }
  await screenshot(page, 'send-preview')
  const started = Date.now()
  await dialog.getByTestId('send-submit').click()
  return { before, started }
}

describe('Bitcoin wallets', () => {
  test('Wallet Standard: connect → balance as the node → send 0.1 BTC (fast fee) confirmed → the receiver holds a 10,000,000 sat UTXO → Activity with its network fee; BIP-322 sign-in verified by the server', async () => {
    const [sender, receiver] = [account(1), account(2)]
    const page = await openDemo(await newWalletContext({ bitcoin: { accountIndex: 1, satsConnect: false } }), '?siwx=required')
    const dialog = modal(page)
    await connectBitcoin(page)

    // Sign-in comes first (required): BIP-322 over the server's message, which the server verifies and keeps.
    await dialog.getByTestId('siwx-sign-message').waitFor({ timeout: 10_000 })
    await dialog.getByTestId('siwx-sign').click()
    await approveInBitcoinWallet(page)
    await poll(() => page.getByTestId('site-siwx').textContent()).toBe(`Signed in (${BITCOIN_DEVNET_CAIP2})`)
    expect(await page.getByTestId('site-address').textContent()).toBe(sender.payment.address)
    expect(await page.getByTestId('site-network').textContent()).toBe(BITCOIN_DEVNET_CAIP2)
    const [signature] = (await signed(page)).filter((s) => s.method.includes('signMessage'))
    // BIP-322 simple: a serialized witness (2 items: signature, public key), not a 65-byte ECDSA signature.
    const witness = Buffer.from(signature!.signature!, 'base64')
    expect(witness[0]).toBe(2)
    expect(witness.length).not.toBe(65)
    const token = await storedToken(page, sender.payment.address)
    expect(token, 'a session token').toBeTruthy()
    const response = await fetch(`${stack.apiUrl}/v1/sessions/${sender.payment.address}?projectId=portico-dev`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.status).toBe(200)
    const { sessions } = (await response.json()) as { sessions: Array<{ data: { accountAddress: string; chainId: string }; message: string }> }
    expect(sessions).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ accountAddress: sender.payment.address, chainId: BITCOIN_DEVNET_CAIP2 }) }),
    ])
    expect(sessions[0]!.message.split('\n')[0]).toBe(`${new URL(stack.demoUrl).host} wants you to sign in with your Bitcoin account:`)

    // Account: the balance the node holds for the payment address.
    await poll(() => dialog.count()).toBe(0)
    await openAccount(page)
    const held = await node.balance(sender.payment.address)
    await poll(async () => amountOf(await dialog.getByTestId('account-balance').textContent())).toBe(Number(held) / 1e8)
    expect(await dialog.getByTestId('account-balance').textContent()).toContain('BTC')
    await screenshot(page, 'account')

    const { before, started } = await sendThroughPreview(page, { amount: '0.1', to: receiver.payment.address, from: sender.payment.address, speed: 'fast' })
    await approveInBitcoinWallet(page)
    await poll(() => dialog.getByTestId('portico-snack').textContent(), 30_000).toBe('Transaction sent')
    console.log(`[figure] Bitcoin send → 'Transaction sent' (one confirmation): ${Date.now() - started} ms`)
    const sent = (await node.txs(sender.payment.address)).find((tx) => !before.includes(tx.txid))!
    expect(sent.status.confirmed).toBe(true)
    const paid = (await node.utxos(receiver.payment.address)).filter((u) => u.txid === sent.txid)
    expect(paid.map((u) => u.value)).toEqual([10_000_000])
    // The fast speed's rate (the devnet's 1-block estimate, 20 sat/vB) paid for the transaction's size.
    const { weight } = (await (await fetch(`${stack.bitcoin!.url}/tx/${sent.txid}`)).json()) as { weight: number }
    expect(sent.fee / Math.ceil(weight / 4)).toBeGreaterThanOrEqual(19)

    // Activity: the send with its amount and network fee.
    await dialog.getByTestId('account-view').waitFor()
    await dialog.getByRole('tab', { name: 'Activity' }).click()
    const row = dialog.getByTestId('activity-row').filter({ hasText: '0.1' }).first()
    await poll(() => row.count(), 20_000).toBeGreaterThan(0)
    expect(await row.getByTestId('activity-amount').textContent()).toMatch(/^−0\.100? BTC$/)
    expect(await row.getByTestId('activity-fee').textContent()).toContain(`Network fee ${sent.fee / 1e8}`)
    await screenshot(page, 'activity')
    await page.context().close()
  }, 90_000)

  test('sats-connect (no Wallet Standard face): connect → a send signed through signPsbt, confirmed; Ordinals ↔ Payment on Account; Receive shows the payment address and its QR', async () => {
    const [sender, receiver] = [account(3), account(4)]
    const page = await openDemo(
      await newWalletContext({ bitcoin: { accountIndex: 3, walletStandard: false, satsConnect: true } }, { viewport: { width: 390, height: 844 } }),
    )
    const dialog = modal(page)
    await connectBitcoin(page, { wallet: SATS_CONNECT_WALLET })
    await poll(() => page.getByTestId('site-address').textContent()).toBe(sender.payment.address)
    expect(await page.getByTestId('site-network').textContent()).toBe(BITCOIN_DEVNET_CAIP2)

    await openAccount(page)
    await poll(async () => amountOf(await dialog.getByTestId('account-balance').textContent())).toBe(Number(await node.balance(sender.payment.address)) / 1e8)
    const receiverBefore = await node.balance(receiver.payment.address)
    const { before } = await sendThroughPreview(page, { amount: '0.25', to: receiver.payment.address, from: sender.payment.address })
    await approveInBitcoinWallet(page)
    await poll(() => dialog.getByTestId('portico-snack').textContent(), 30_000).toBe('Transaction sent')
    expect((await signed(page)).map((s) => s.method)).toEqual(['signPsbt'])
    const sent = (await node.txs(sender.payment.address)).find((tx) => !before.includes(tx.txid))!
    expect(sent.status.confirmed).toBe(true)
    expect((await node.balance(receiver.payment.address)) - receiverBefore).toBe(25_000_000n)

    // The address type: Ordinals makes the ordinal address the account's, Payment brings the payment one back.
    await dialog.getByTestId('account-view').waitFor()
    await dialog.getByTestId('address-type-ordinal').click()
    await poll(() => page.getByTestId('site-address').textContent()).toBe(sender.ordinal.address)
    await poll(async () => amountOf(await dialog.getByTestId('account-balance').textContent())).toBe(Number(await node.balance(sender.ordinal.address)) / 1e8)
    await screenshot(page, 'account-ordinal')
    // Receive shows the payment address by default (where BTC goes), the ordinal one on request.
    await dialog.getByTestId('feature-receive').click()
    await dialog.getByTestId('wallet-receive').waitFor()
    expect(await dialog.getByTestId('receive-address').textContent()).toBe(sender.payment.address)
    expect(await dialog.getByTestId('receive-qr').isVisible()).toBe(true)
    await screenshot(page, 'receive')
    await dialog.getByTestId('receive-type-ordinal').click()
    await poll(() => dialog.getByTestId('receive-address').textContent()).toBe(sender.ordinal.address)
    await dialog.getByRole('button', { name: 'Back' }).click()
    await dialog.getByTestId('address-type-payment').click()
    await poll(() => page.getByTestId('site-address').textContent()).toBe(sender.payment.address)
    await page.context().close()
  }, 90_000)

  // Bad input, in English and in German: each shows its text, Send does not go on, and the wallet signs nothing.
  const TEXTS = {
    en: { invalid: 'Invalid address', insufficient: 'Insufficient balance', dust: 'The amount must be at least 0.00000546 BTC' },
    de: { invalid: 'Ungültige Adresse', insufficient: 'Guthaben reicht nicht aus', dust: 'Der Betrag muss mindestens 0.00000546 BTC betragen' },
  }
  test.each(['en', 'de'] as const)('bad input (%s): a mainnet address, a dust amount, more than the balance; nothing is sent', async (locale) => {
    const sender = account(5)
    const text = TEXTS[locale]
    // German on a phone's width.
    const viewport = locale === 'de' ? { width: 390, height: 844 } : undefined
    const page = await openDemo(
      await newWalletContext({ bitcoin: { accountIndex: 5, satsConnect: false, autoApprove: true } }, { viewport }),
      `?locale=${locale}&theme=light`,
    )
    const dialog = modal(page)
    await connectBitcoin(page, { approve: false })
    await poll(() => page.getByTestId('site-address').textContent()).toBe(sender.payment.address)
    await openAccount(page)
    await dialog.getByTestId('feature-send').click()
    const next = dialog.getByTestId('send-continue')
    const txsBefore = (await node.txs(sender.payment.address)).length

    // Bitcoin's mainnet on the regtest devnet: not an address of this network.
    await fillSend(page, { amount: '0.1', to: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' })
    await poll(() => dialog.getByTestId('receiver-error').textContent()).toBe(text.invalid)
    expect(await next.isDisabled()).toBe(true)
    await screenshot(page, `send-invalid-${locale}`)
    // More than the payment address holds.
    await fillSend(page, { amount: '1000', to: account(6).payment.address })
    await poll(() => next.textContent()).toBe(text.insufficient)
    expect(await next.isDisabled()).toBe(true)
    // 100 sat: below the dust limit (546 sat), no node would relay it.
    await fillSend(page, { amount: '0.000001', to: account(6).payment.address })
    await poll(() => next.textContent()).toBe(text.dust)
    expect(await next.isDisabled()).toBe(true)
    await screenshot(page, `send-dust-${locale}`)
    expect(await signed(page)).toEqual([])
    expect((await node.txs(sender.payment.address)).length).toBe(txsBefore)
    await page.context().close()
  })
})
