import { BITCOIN_DEV_ACCOUNTS, BITCOIN_DEVNET_CAIP2 } from '@portico/devnet/bitcoin-constants'
import { describe, expect, test } from 'vitest'
import { amountOf, bitcoinNode, fillSend, openAccount, poll, screenshot } from './support/bitcoin.js'
import { connectButton, modal, useJourney } from './support/journey.js'

// The held-out wallet: the Docs Bitcoin Wallet, written only from public documentation (Wallet Standard, Exodus's
// bitcoin-wallet-standard, sats-connect), not against Portico. Portico must connect it, sign in with it and send with it.
const { newWalletContext, openDemo, stack } = useJourney()
const node = bitcoinNode()
const [SENDER, RECEIVER] = [BITCOIN_DEV_ACCOUNTS[8]!, BITCOIN_DEV_ACCOUNTS[9]!]
const DOCS_WALLET = /Docs Bitcoin Wallet/

describe('the Docs Bitcoin Wallet (held out)', () => {
  test('connect from the modal → sign-in verified by the server → balance as the node → send 0.1 BTC, confirmed, the receiver holds a 10,000,000 sat UTXO (in French)', async () => {
    const page = await openDemo(await newWalletContext({ bitcoinDocs: { accountIndex: 8 } }), '?siwx=required&locale=fr')
    const dialog = modal(page)
    await connectButton(page).click()
    await dialog.getByRole('button', { name: DOCS_WALLET }).click()
    await poll(() => page.getByTestId('site-address').textContent()).toBe(SENDER.payment.address)
    expect(await page.getByTestId('site-network').textContent()).toBe(BITCOIN_DEVNET_CAIP2)

    // Sign-in with the wallet's own message signature; the server verifies it and lists the session.
    await dialog.getByTestId('siwx-sign').click()
    await poll(() => page.getByTestId('site-siwx').textContent()).toBe(`Signed in (${BITCOIN_DEVNET_CAIP2})`)
    const book = JSON.parse((await page.evaluate(() => localStorage.getItem('@portico/siwx_tokens'))) ?? '{}') as Record<
      string,
      Record<string, { token: string }>
    >
    const token = Object.values(book[SENDER.payment.address] ?? {})[0]?.token
    const sessions = await fetch(`${stack.apiUrl}/v1/sessions/${SENDER.payment.address}?projectId=portico-dev`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(sessions.status).toBe(200)
    expect(((await sessions.json()) as { sessions: unknown[] }).sessions).toHaveLength(1)

    await poll(() => dialog.count()).toBe(0)
    await openAccount(page)
    const held = await node.balance(SENDER.payment.address)
    // French figures: a decimal comma; SPEC §5: the balance is shown truncated to 3 decimals (another journey may
    // have left this dev account with more than 3).
    await poll(async () => amountOf((await dialog.getByTestId('account-balance').textContent())?.replace(',', '.') ?? '')).toBe(
      Math.floor(Number(held) / 1e5) / 1000,
    )

    const before = (await node.txs(SENDER.payment.address)).map((tx) => tx.txid)
    await dialog.getByTestId('feature-send').click()
    await fillSend(page, { amount: '0.1', to: RECEIVER.payment.address })
    const next = dialog.getByTestId('send-continue')
    await poll(() => next.isDisabled()).toBe(false)
    await next.click()
    await poll(() => dialog.getByTestId('preview-fee').textContent(), 15_000).toMatch(/BTC/)
    // The fee speeds, in French: the normal one (the devnet's 6-block estimate) chosen.
    expect(await dialog.getByTestId('fee-speed-normal').textContent()).toMatch(/^Normale 5 sat\/vB/)
    expect(await dialog.getByTestId('fee-speed-normal').getAttribute('aria-checked')).toBe('true')
    await screenshot(page, 'docs-wallet-preview-fr')
    const started = Date.now()
    await dialog.getByTestId('send-submit').click()
    await poll(() => dialog.getByTestId('portico-snack').textContent(), 30_000).toBe('Transaction envoyée')
    console.log(`[figure] Docs Bitcoin Wallet send → confirmed: ${Date.now() - started} ms`)
    const sent = (await node.txs(SENDER.payment.address)).find((tx) => !before.includes(tx.txid))!
    expect(sent.status.confirmed).toBe(true)
    expect((await node.utxos(RECEIVER.payment.address)).filter((u) => u.txid === sent.txid).map((u) => u.value)).toEqual([10_000_000])
    await page.context().close()
  }, 60_000)

  test('its sats-connect face alone (listed in btc_providers, WBIP004): connect → send 0.1 BTC through signPsbt, confirmed', async () => {
    const sender = BITCOIN_DEV_ACCOUNTS[6]!
    const page = await openDemo(await newWalletContext({ bitcoin: { satsConnect: false }, bitcoinDocs: { accountIndex: 6, walletStandard: false } }))
    const dialog = modal(page)
    await connectButton(page).click()
    await dialog.getByRole('button', { name: DOCS_WALLET }).click()
    await poll(() => page.getByTestId('site-address').textContent()).toBe(sender.payment.address)
    await openAccount(page)
    const before = (await node.txs(sender.payment.address)).map((tx) => tx.txid)
    await dialog.getByTestId('feature-send').click()
    await fillSend(page, { amount: '0.1', to: RECEIVER.payment.address })
    await poll(() => dialog.getByTestId('send-continue').textContent()).toBe('Preview Send')
    await dialog.getByTestId('send-continue').click()
    await poll(() => dialog.getByTestId('preview-fee').textContent(), 15_000).toMatch(/BTC/)
    await dialog.getByTestId('send-submit').click()
    await poll(() => dialog.getByTestId('portico-snack').textContent(), 30_000).toBe('Transaction sent')
    const sent = (await node.txs(sender.payment.address)).find((tx) => !before.includes(tx.txid))!
    expect(sent.status.confirmed).toBe(true)
    expect((await node.utxos(RECEIVER.payment.address)).filter((u) => u.txid === sent.txid).map((u) => u.value)).toEqual([10_000_000])
    await page.context().close()
  }, 60_000)
})
