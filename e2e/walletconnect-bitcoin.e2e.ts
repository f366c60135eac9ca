import { base64, hex } from '@scure/base'
import { Address, OutScript, Transaction } from '@scure/btc-signer'
import { createWalletConnectTestWallet, type WalletConnectTestWallet } from '@portico/test-wallets/walletconnect'
import { BITCOIN_DEV_ACCOUNTS } from '@portico/devnet/bitcoin-constants'
import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import type { Page } from 'playwright-core'
import { afterEach, describe, expect, test } from 'vitest'
import { bitcoinNode, freshAddress, REGTEST, shoot } from './support/bitcoinNode.js'
import { connectButton, modal, useJourney } from './support/journey.js'

// The bip122 namespace over WalletConnect: the demo pairs through Portico's relay with the WalletConnect test
// wallet (the real wallet SDK in Node) holding Bitcoin dev account 6 of the stack's regtest node; the host's own
// code then signs and sends through getProvider(portico, 'bip122'), and the node is the judge.
const { newWalletContext, openDemo, stack } = useJourney()
const ACCOUNT = 6
const PAYMENT = BITCOIN_DEV_ACCOUNTS[ACCOUNT]!.payment
const node = bitcoinNode(stack.bitcoin.url)
const relay = () => `${stack.apiUrl.replace(/^http/, 'ws')}/relay`
const wallets: WalletConnectTestWallet[] = []
afterEach(async () => {
  while (wallets.length)
    await wallets
      .pop()!
      .close()
      .catch(() => undefined)
})

type Answer = { result?: any; error?: { code?: number; message?: string } }
/** The host's own code: `getProvider(portico, 'bip122')` (the demo exposes it as window.porticoBitcoin). */
function hostBitcoin(page: Page, method: string, params: unknown): Promise<Answer> {
  return page.evaluate(
    async ({ method, params }) => {
      const provider = (window as unknown as { porticoBitcoin?: { request(a: unknown): Promise<unknown> } }).porticoBitcoin
      if (!provider) return { error: { message: 'no bip122 provider' } }
      try {
        return { result: await provider.request({ method, params }) }
      } catch (error) {
        const { code, message } = error as { code?: number; message?: string }
        return { error: { code, message } }
      }
    },
    { method, params },
  )
}

describe('WalletConnect with the bip122 namespace', () => {
  test('a Bitcoin-only WalletConnect wallet connects its payment address; in French; the host signs a PSBT and sends 0.03 BTC through getProvider, the modal sends 0.02 BTC at the slow rate; confirmed on the node; a reload restores it', async () => {
    const page = await openDemo(await newWalletContext(undefined, { viewport: { width: 1100, height: 760 } }), '?testWallet=off&theme=light&locale=fr')
    const wallet = await createWalletConnectTestWallet({
      relayUrl: relay(),
      privateKey: DEV_ACCOUNTS[3]!.privateKey,
      rpc: { [stack.bitcoin.caip2]: stack.bitcoin.url },
      bitcoinAccount: ACCOUNT,
    })
    wallets.push(wallet)
    await connectButton(page).click()
    await modal(page).getByTestId('wallet-walletConnect').click()
    const qr = modal(page).getByTestId('wc-qr')
    await qr.waitFor({ timeout: 20_000 })
    await wallet.pair((await qr.getAttribute('data-value'))!)
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(PAYMENT.address)
    expect(await page.getByTestId('site-network').textContent()).toBe(stack.bitcoin.caip2)
    expect(Object.keys(wallet.sessions()[0]!.namespaces)).toEqual(['bip122'])

    const dialog = modal(page)
    if (!(await dialog.isVisible())) await connectButton(page).click()
    await dialog.getByTestId('account-view').waitFor()
    await expect.poll(() => dialog.getByTestId('account-balance').textContent(), { timeout: 20_000 }).toMatch(/BTC$/)
    // In French, the session's payment and ordinal addresses are the address types.
    expect(await dialog.getByTestId('address-type').textContent()).toContain('Type d’adresse')
    expect(await dialog.getByTestId('address-type-payment').getAttribute('aria-checked')).toBe('true')
    await shoot(page, 'walletconnect-account-light-desktop')
    await page.keyboard.press('Escape')

    // signPsbt: the wallet's own coin to a fresh address, signed (not broadcast) over the session.
    const [coin] = await node.utxos(PAYMENT.address)
    const script = OutScript.encode(Address(REGTEST).decode(PAYMENT.address))
    const tx = new Transaction()
    tx.addInput({ txid: coin!.txid, index: coin!.vout, witnessUtxo: { script, amount: BigInt(coin!.value) } })
    tx.addOutput({ script: OutScript.encode(Address(REGTEST).decode(freshAddress())), amount: 1_000_000n })
    tx.addOutput({ script, amount: BigInt(coin!.value) - 1_000_000n - 2_000n })
    const signed = await hostBitcoin(page, 'signPsbt', { psbt: base64.encode(tx.toPSBT()), signInputs: [{ address: PAYMENT.address, index: 0 }] })
    expect(signed.error).toBeUndefined()
    const back = Transaction.fromPSBT(base64.decode(signed.result.psbt))
    const input = back.getInput(0)
    const signer = input.partialSig?.[0]?.[0] ?? input.finalScriptWitness?.[1]
    expect(hex.encode(signer!)).toBe(PAYMENT.publicKey)

    // sendTransfer: built, signed and broadcast by the wallet; the recipient's coin is on the node, exact.
    const to = freshAddress()
    const sent = await hostBitcoin(page, 'sendTransfer', { recipientAddress: to, amount: '3000000' })
    expect(sent.error).toBeUndefined()
    await node.confirmed(sent.result.txid)
    expect((await node.utxos(to)).map((u) => ({ txid: u.txid, value: u.value }))).toEqual([{ txid: sent.result.txid, value: 3_000_000 }])
    expect(
      wallet
        .handled()
        .filter((h) => h.kind === 'request' && h.method !== 'getAccountAddresses')
        .map((h) => [h.method, h.approved]),
    ).toEqual([
      ['signPsbt', true],
      ['sendTransfer', true],
    ])

    // The modal's Send over the session (in French): the wallet signs, the coin lands, exact.
    const other = freshAddress()
    await connectButton(page).click()
    await dialog.getByTestId('feature-send').click()
    await dialog.getByTestId('send-amount').fill('0.02')
    await dialog.getByTestId('send-receiver').fill(other)
    await dialog.getByTestId('send-continue').click()
    await dialog.getByTestId('fee-speed-slow').click()
    expect(await dialog.getByTestId('preview-amount').textContent()).toBe('0,02 BTC')
    await expect.poll(() => dialog.getByTestId('preview-fee').textContent(), { timeout: 15_000 }).toMatch(/BTC/)
    await shoot(page, 'walletconnect-send-preview-fr-light-desktop')
    await dialog.getByTestId('send-submit').click()
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 30_000 }).toBe('Transaction envoyée')
    await expect
      .poll(async () => (await node.utxos(other)).map((u) => ({ value: u.value, confirmed: u.status.confirmed })), { timeout: 20_000, interval: 250 })
      .toEqual([{ value: 2_000_000, confirmed: true }])
    const { fee, weight } = await node.get<{ fee: number; weight: number }>(`/tx/${(await node.utxos(other))[0]!.txid}`)
    expect(Math.round(fee / Math.ceil(weight / 4))).toBe(1)

    // A reload restores the Bitcoin session without pairing again.
    await page.reload()
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(PAYMENT.address)
    expect(await page.getByTestId('site-network').textContent()).toBe(stack.bitcoin.caip2)
    await page.context().close()
  })
})
