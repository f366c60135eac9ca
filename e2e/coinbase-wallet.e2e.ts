import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { startSmartWalletStandIn, type SmartWalletStandIn } from '@portico/test-wallets/coinbase'
import type { BrowserContext, Page } from 'playwright-core'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connectButton, modal, useJourney } from './support/journey.js'
import { chainReader } from './support/wallet.js'

const { newWalletContext, openDemo, stack } = useJourney()
const COINBASE = 'wallet-com.coinbase.wallet'
const TEST_WALLET_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A Coinbase extension: the real test wallet announcing itself as Coinbase Wallet (EIP-6963 rdns com.coinbase.wallet). */
async function coinbaseExtension(context: BrowserContext) {
  await context.addInitScript(() => {
    const provider = (window as unknown as { porticoTestWallet: unknown }).porticoTestWallet
    const detail = Object.freeze({
      info: Object.freeze({
        uuid: crypto.randomUUID(),
        name: 'Coinbase Wallet',
        rdns: 'com.coinbase.wallet',
        icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
      }),
      provider,
    })
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  })
  return context
}

async function anvil(method: string, params: unknown[]) {
  const response = await fetch(stack.chains[0]!.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
}

/** The stand-in popup the SDK opens for a request; approved (or rejected) by its button, after which it closes itself. */
async function inPopup(page: Page, act: () => Promise<unknown>, answer: 'cbsw-approve' | 'cbsw-reject' = 'cbsw-approve') {
  const [popup] = await Promise.all([page.waitForEvent('popup'), act()])
  popup.on('pageerror', (error) => console.error('[popup error]', error.message))
  // It may close before the click returns: listen first.
  const closed = popup.waitForEvent('close')
  await popup.getByTestId(answer).click()
  await closed
  return popup
}

let standIn: SmartWalletStandIn
beforeAll(async () => {
  // The Smart Wallet's account: a fresh devnet key, funded (the stand-in signs with it for real).
  standIn = await startSmartWalletStandIn({ privateKey: generatePrivateKey(), chains: stack.chains })
  await anvil('anvil_setBalance', [standIn.address, `0x${(100n * 10n ** 18n).toString(16)}`])
})
afterAll(() => standIn?.close())

describe('Coinbase Wallet: one entry, the extension when there is one, else the Smart Wallet through its SDK', () => {
  test('rule: a wallet announcing rdns com.coinbase.wallet is the one Coinbase entry and connects through itself (no popup, no SDK)', async () => {
    const context = await coinbaseExtension(await newWalletContext())
    const page = await openDemo(context, '?coinbase=on')
    const sdkChunks: string[] = []
    page.on('request', (r) => /coinbaseSdk/.test(r.url()) && sdkChunks.push(r.url()))
    await connectButton(page).click()
    const dialog = modal(page)
    await expect.poll(() => dialog.getByTestId(COINBASE).count()).toBe(1)
    expect(await dialog.getByText('Coinbase Wallet', { exact: true }).count()).toBe(1)
    await dialog.getByTestId(COINBASE).click()
    await page.getByTestId('test-wallet-approve').click()
    await expect.poll(() => page.getByTestId('site-address').textContent()).toBe(TEST_WALLET_ADDRESS)
    expect(context.pages()).toHaveLength(1)
    expect(sdkChunks).toEqual([])
    await context.close()
  })

  test('the Smart Wallet: the SDK loads on the click, connects through its popup (the stand-in), signs in (personal_sign) and sends on the devnet; a reload resumes it, disconnect ends it', async () => {
    const context = await newWalletContext()
    const page = await openDemo(context, `?siwx=required&coinbaseKeysUrl=${encodeURIComponent(standIn.keysUrl)}`)
    const sdkChunks: string[] = []
    page.on('request', (r) => /coinbaseSdk/.test(r.url()) && sdkChunks.push(r.url()))
    await connectButton(page).click()
    const dialog = modal(page)
    await dialog.getByTestId(COINBASE).waitFor()
    expect(sdkChunks).toEqual([])

    const started = Date.now()
    await inPopup(page, () => dialog.getByTestId(COINBASE).click())
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 20_000 }).toBe(standIn.address)
    console.log(`[coinbase] click → connected through the popup in ${Date.now() - started} ms`)
    expect(sdkChunks).toHaveLength(1)

    // SPEC §4 wallet sign-in: personal_sign through the popup, verified by the real server.
    await dialog.getByTestId('siwx-sign-message').waitFor()
    await inPopup(page, () => dialog.getByTestId('siwx-sign').click())
    await expect.poll(() => page.getByTestId('site-siwx').textContent(), { timeout: 20_000 }).toBe(`Signed in (eip155:${stack.chains[0]!.chainId})`)

    const chain = chainReader(stack.chains[0]!.rpcUrl)
    const receiver = DEV_ACCOUNTS[3]!.address
    const before = await chain.eth(receiver)
    await connectButton(page).click()
    await dialog.getByTestId('account-view').waitFor()
    await dialog.getByTestId('feature-send').click()
    await dialog.getByTestId('send-amount').fill('0.25')
    await dialog.getByTestId('send-receiver').fill(receiver)
    const next = dialog.getByTestId('send-continue')
    await expect.poll(() => next.textContent(), { timeout: 10_000 }).toBe('Preview Send')
    await next.click()
    await inPopup(page, () => dialog.getByTestId('send-submit').click())
    await expect.poll(() => dialog.getByTestId('portico-snack').textContent(), { timeout: 20_000 }).toBe('Transaction sent')
    expect((await chain.eth(receiver)) - before).toBe(250_000_000_000_000_000n)

    // The SDK kept its session: a reload reconnects without opening the popup.
    await page.reload()
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 20_000 }).toBe(standIn.address)
    expect(context.pages()).toHaveLength(1)

    // Disconnect ends the SDK's session: nothing left to resume after another reload.
    await connectButton(page).click()
    await dialog.getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => page.getByTestId('site-address').textContent()).toBe('—')
    expect(await page.evaluate(() => localStorage.getItem('-CBWSDK:SignerConfigurator:SignerType'))).toBeNull()
    await page.reload()
    await page.waitForTimeout(1500)
    expect(await page.getByTestId('site-address').textContent()).toBe('—')
    await context.close()
  })

  test("error: rejecting in the Smart Wallet's popup is 'Connection rejected' with a retry, as for every wallet", async () => {
    const context = await newWalletContext()
    const page = await openDemo(context, `?coinbaseKeysUrl=${encodeURIComponent(standIn.keysUrl)}`)
    await connectButton(page).click()
    const dialog = modal(page)
    await inPopup(page, () => dialog.getByTestId(COINBASE).click(), 'cbsw-reject')
    await expect.poll(() => dialog.getByTestId('connecting-external').getByRole('alert').textContent()).toBe('Connection rejected')
    expect(await dialog.getByTestId('connect-retry').isVisible()).toBe(true)
    expect(await page.getByTestId('site-address').textContent()).toBe('—')
    await context.close()
  })

  test('attack: while the popup is open, a frame of another origin forging its messages (PopupUnload, a reply) is ignored; the real popup still connects', async () => {
    const context = await newWalletContext()
    const page = await openDemo(context, `?coinbaseKeysUrl=${encodeURIComponent(standIn.keysUrl)}`)
    await connectButton(page).click()
    const dialog = modal(page)
    const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByTestId(COINBASE).click()])
    await popup.getByTestId('cbsw-approve').waitFor()
    // Accepted, a PopupUnload would end the SDK's session and reject the connect (4001).
    await page.evaluate(() => {
      const frame = document.createElement('iframe')
      frame.srcdoc = `<script>
        parent.postMessage({ event: 'PopupUnload', id: 'forged' }, '*')
        parent.postMessage({ requestId: 'forged', data: 'walletlink' }, '*')
        parent.postMessage({ event: 'PopupLoaded', id: 'forged' }, '*')
      </script>`
      document.body.append(frame)
    })
    await page.waitForTimeout(500)
    await popup.getByTestId('cbsw-approve').click()
    await expect.poll(() => page.getByTestId('site-address').textContent(), { timeout: 20_000 }).toBe(standIn.address)
    await context.close()
  })
})
