import { base64, hex } from '@scure/base'
import { Address, OutScript, Transaction } from '@scure/btc-signer'
import { BITCOIN_DEV_ACCOUNTS } from '@portico/devnet/bitcoin-constants'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { bitcoinNode, freshAddress, REGTEST, shoot } from './support/bitcoinNode.js'
import { embeddedHelpers, FRAME, uniqueEmail } from './support/embedded.js'
import { connectButton, modal, useJourney } from './support/journey.js'

// The embedded wallet on Bitcoin: keys in the secure frame, the Bitcoin Local network of the demo, the stack's
// regtest node. Funding comes from dev accounts 8 and 7 (no other journey spends them).
const { newWalletContext, openDemo, stack } = useJourney()
const { emailLogin, approveInFrame } = embeddedHelpers(stack)
const node = bitcoinNode(stack.bitcoin.url)
const CAIP2 = stack.bitcoin.caip2
const FUNDER = 8
/** The frame's approval screen, its buttons enabled (after the frame's short clickjacking delay). */
async function armed(page: Page) {
  const approve = page.frameLocator(FRAME).getByTestId('frame-approve')
  await approve.waitFor({ timeout: 20_000 })
  await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
}
const frameText = async (page: Page) => (await page.frameLocator(FRAME).locator('.approval').textContent()) ?? ''

async function servedBalance(address: string) {
  const url = `${stack.apiUrl}/v1/account/${address}/balance?projectId=portico-dev&chainId=${CAIP2}&currency=usd`
  const { balances } = (await (await fetch(url)).json()) as { balances: { address?: string; quantity: { numeric: string } }[] }
  return balances.find((b) => !b.address)?.quantity.numeric
}

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

/** Email login, then the Bitcoin Local network from Networks: the embedded wallet's payment address. */
async function loginOnBitcoin(page: Page, name: string): Promise<string> {
  await emailLogin(page, uniqueEmail(name))
  const dialog = modal(page)
  await expect.poll(() => dialog.isVisible()).toBe(false)
  await connectButton(page).click()
  await dialog.getByTestId('account-view').waitFor()
  await dialog.getByTestId('account-network').click()
  await dialog.getByTestId(`network-${CAIP2}`).click()
  await expect.poll(() => page.getByTestId('site-network').textContent(), { timeout: 20_000 }).toBe(CAIP2)
  await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 20_000 }).toMatch(/^bcrt1q[02-9ac-hj-np-z]{38}$/)
  return (await page.getByTestId('site-address').textContent())!
}

describe('the embedded wallet on Bitcoin', () => {
  test('email login → Bitcoin Local: the payment address derived in the frame; funded, its balance; 0.05 BTC sent, inputs, change, fee and rate on the frame’s screen; confirmed', async () => {
    const page = await openDemo(await newWalletContext())
    const address = await loginOnBitcoin(page, 'btc')
    const dialog = modal(page)
    await dialog.getByTestId('account-view').waitFor()
    await dialog.getByTestId('address-type').waitFor()
    expect(await dialog.getByTestId('address-type-payment').getAttribute('aria-checked')).toBe('true')
    await shoot(page, 'embedded-account-empty-dark-desktop')

    await node.fund(address, 20_000_000n, FUNDER)
    // The server's cached balance is dropped once its follower sees the address's new coin; Account, opened again, reads it.
    await expect.poll(() => servedBalance(address), { timeout: 20_000, interval: 250 }).toBe('0.2')
    await page.keyboard.press('Escape')
    await page.evaluate(() => localStorage.removeItem('@portico/portfolio_cache'))
    await connectButton(page).click()
    await expect.poll(() => dialog.getByTestId('account-balance').textContent(), { timeout: 20_000 }).toBe('0.200 BTC')
    await shoot(page, 'embedded-account-funded-dark-desktop')

    const to = freshAddress()
    await dialog.getByTestId('feature-send').click()
    await dialog.getByTestId('send-amount').fill('0.05')
    await dialog.getByTestId('send-receiver').fill(to)
    await expect.poll(() => dialog.getByTestId('send-continue').textContent(), { timeout: 10_000 }).toBe('Preview Send')
    await dialog.getByTestId('send-continue').click()
    await dialog.getByTestId('fee-speeds').waitFor({ timeout: 15_000 })
    await expect.poll(() => dialog.getByTestId('preview-fee').textContent(), { timeout: 15_000 }).toMatch(/BTC/)
    await shoot(page, 'embedded-send-preview-dark-desktop')
    await dialog.getByTestId('send-submit').click()
    await armed(page)
    const text = await frameText(page)
    for (const shown of [
      'Input 1',
      'Yours (payment address)',
      'Output 1',
      '0.05 BTC',
      to,
      'Output 2 · change',
      'Back to you (payment address)',
      'Network fee',
      'sat/vB',
    ])
      expect(text).toContain(shown)
    await shoot(page, 'embedded-send-approval-dark-desktop')
    await approveInFrame(page)
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 30_000 }).toBe('Transaction sent')
    await expect
      .poll(async () => (await node.utxos(to)).map((u) => ({ value: u.value, confirmed: u.status.confirmed })), { timeout: 20_000, interval: 250 })
      .toEqual([{ value: 5_000_000, confirmed: true }])
    // The chosen speed (normal, 5 sat/vB on the devnet) is the rate paid; the frame showed it.
    const [paid] = await node.utxos(to)
    const { fee, weight } = await node.get<{ fee: number; weight: number }>(`/tx/${paid!.txid}`)
    expect(text).toContain('≈ 5 sat/vB')
    expect(fee / Math.ceil(weight / 4)).toBeGreaterThanOrEqual(5)
    expect(fee / Math.ceil(weight / 4)).toBeLessThan(5.5)

    // Approved by a click in the frame: the focus left it with its screen, so the modal's Escape works again.
    await dialog.getByTestId('account-view').waitFor()
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('IFRAME')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.isVisible()).toBe(false)
    await connectButton(page).click()
    await dialog.getByTestId('account-view').waitFor()
    // Activity lists the send with its network fee; a reload restores the Bitcoin account.
    await dialog.getByRole('tab', { name: 'Activity' }).click()
    await expect.poll(() => dialog.getByTestId('activity-amount').allTextContents(), { timeout: 20_000, interval: 500 }).toContain('−0.050 BTC')
    expect(await dialog.getByTestId('activity-fee').first().textContent()).toContain(String(fee / 1e8))
    await shoot(page, 'embedded-activity-dark-desktop')
    await page.reload()
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 30_000 }).toBe(address)
    expect(await page.getByTestId('site-network').textContent()).toBe(CAIP2)
    await page.context().close()
  })

  test('?locale=de, the host’s PSBTs through getProvider(portico, "bip122"): a stranger’s input shown as not the user’s and left unsigned; a malformed one refused (-32602), nothing shown; a high fee warned of', async () => {
    const page = await openDemo(
      await newWalletContext(undefined, { viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true }),
      '?locale=de&theme=light',
    )
    const address = await loginOnBitcoin(page, 'psbt')
    expect(await modal(page).getByTestId('address-type').textContent()).toContain('Adresstyp')
    await shoot(page, 'embedded-account-de-light-narrow')
    await node.fund(address, 1_000_000n, FUNDER)
    const [mine] = await node.utxos(address)
    const { result: addresses } = await hostBitcoin(page, 'getAccountAddresses', {})
    const payment = (addresses as { address: string; publicKey: string; intention: string }[]).find((a) => a.intention === 'payment')!
    expect(payment.address).toBe(address)
    const script = OutScript.encode(Address(REGTEST).decode(address))
    const stranger = BITCOIN_DEV_ACCOUNTS[7]!.payment
    const [theirs] = await node.utxos(stranger.address)

    // A stranger's input beside the user's: shown as not the user's; Approve signs the user's only.
    const tx = new Transaction()
    tx.addInput({ txid: mine!.txid, index: mine!.vout, witnessUtxo: { script, amount: BigInt(mine!.value) } })
    tx.addInput({
      txid: theirs!.txid,
      index: theirs!.vout,
      witnessUtxo: { script: OutScript.encode(Address(REGTEST).decode(stranger.address)), amount: BigInt(theirs!.value) },
    })
    tx.addOutput({ script: OutScript.encode(Address(REGTEST).decode(freshAddress())), amount: BigInt(theirs!.value) + 900_000n })
    const signing = hostBitcoin(page, 'signPsbt', { psbt: base64.encode(tx.toPSBT()), signInputs: [{ address, index: 0 }] })
    const frame = page.frameLocator(FRAME)
    await armed(page)
    const text = await frameText(page)
    for (const shown of [
      'Bitcoin-Transaktion signieren',
      'Eingang 1',
      'Deine (Zahlungsadresse) · wird jetzt signiert',
      'Eingang 2',
      'Nicht deine · diese Wallet signiert sie nicht',
      'Netzwerkgebühr',
    ])
      expect(text).toContain(shown)
    await shoot(page, 'embedded-psbt-stranger-de-light-narrow')
    await approveInFrame(page)
    const { result: signed, error } = await signing
    expect(error).toBeUndefined()
    const back = Transaction.fromPSBT(base64.decode(signed.psbt))
    const ownSigned = back.getInput(0).partialSig ?? []
    const witness = back.getInput(0).finalScriptWitness
    expect(ownSigned.length === 1 ? hex.encode(ownSigned[0]![0]) : hex.encode(witness![1]!)).toBe(payment.publicKey)
    expect(back.getInput(1).partialSig).toBeUndefined()
    expect(back.getInput(1).finalScriptWitness).toBeUndefined()

    // A malformed PSBT: a clear error to the host, no screen.
    const malformed = await hostBitcoin(page, 'signPsbt', { psbt: base64.encode(new TextEncoder().encode('psbt\xff not really')) })
    expect(malformed.error?.code).toBe(-32602)
    expect(malformed.error?.message).toMatch(/psbt/i)
    expect(await frame.getByTestId('frame-approve').count()).toBe(0)

    // A fee of 0.002 BTC on 0.008 BTC sent: the warning is on the screen; rejected, the host hears 4001.
    const costly = new Transaction()
    costly.addInput({ txid: mine!.txid, index: mine!.vout, witnessUtxo: { script, amount: BigInt(mine!.value) } })
    costly.addOutput({ script: OutScript.encode(Address(REGTEST).decode(freshAddress())), amount: 800_000n })
    const warned = hostBitcoin(page, 'signPsbt', { psbt: base64.encode(costly.toPSBT()) })
    await frame.getByTestId('frame-warning-caution').waitFor({ timeout: 20_000 })
    await armed(page)
    expect(await frame.getByTestId('frame-warning-caution').textContent()).toContain('Die Netzwerkgebühr (0,002 BTC) ist hoch')
    await shoot(page, 'embedded-psbt-high-fee-de-light-narrow')
    const reject = frame.getByTestId('frame-reject')
    await expect.poll(() => reject.isEnabled(), { timeout: 5_000 }).toBe(true)
    await reject.click()
    expect((await warned).error?.code).toBe(4001)
    await page.context().close()
  })
})
